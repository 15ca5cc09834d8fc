// STUB — owned by the "client plumbing" helper: droit and acces_role toggles (SPEC.md §4, §8).
export default function RoleSwitches() {
  return null
}
