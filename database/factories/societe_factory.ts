import factory from '@adonisjs/lucid/factories'
import Societe from '#models/societe'

export const SocieteFactory = factory
  .define(Societe, ({ faker }) => ({
    nom: faker.company.name(),
    type: 'pro' as const,
    pays: 'BE',
    localite: faker.location.city(),
  }))
  .build()
