import { Head, useForm } from '@inertiajs/react'
export default function Register() {
  const form = useForm({ email: '', password: '' })
  return (<><Head title="Créer un compte" />
    <form onSubmit={(e) => { e.preventDefault(); form.post('/register') }}>
      <input name="email" value={form.data.email} onChange={(e) => form.setData('email', e.target.value)} />
      {form.errors.email && <div className="invalid-feedback d-block">{form.errors.email}</div>}
      <input name="password" type="password" value={form.data.password} onChange={(e) => form.setData('password', e.target.value)} />
      <button type="submit">Se connecter</button>
    </form></>)
}
