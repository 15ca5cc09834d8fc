import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { registerValidator } from '#validators/auth'
import { audit } from '#services/audit'

export default class RegisterController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/Register', {})
  }

  async store(ctx: HttpContext) {
    const { request, auth, response, session } = ctx
    const data = await request.validateUsing(registerValidator)
    // Only name, email and password are read: role, droit… cannot be mass-assigned (ASVS 8.2.3)
    const user = await User.create({ name: data.name, email: data.email, password: data.password, role: 'other' })
    await audit(ctx, { action: 'auth.register', userId: user.id, subjectType: 'user', subjectId: user.id })
    await auth.use('web').login(user)
    session.flash('success', 'Bienvenue ! Votre compte est créé.')
    return response.redirect().toPath('/dashboard')
  }
}
