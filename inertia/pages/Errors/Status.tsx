import { Head } from '@inertiajs/react'
export default function Status({ status, message }: { status: number; message: string; preview?: boolean }) {
  return (<><Head title={`Erreur ${status}`} /><h1>{status}</h1><p>{message}</p></>)
}
