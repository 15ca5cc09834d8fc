import factory from '@adonisjs/lucid/factories'
import Client from '#models/client'

export const ClientFactory = factory
  .define(Client, ({ faker }) => ({
    type: 'particulier' as const,
    civilite: faker.helpers.arrayElement(['M.', 'Mme'] as const),
    nom: faker.person.lastName(),
    prenom: faker.person.firstName(),
    email: faker.internet.email().toLowerCase(),
    telephone: '081 22 33 44',
    facturationRue: 'Rue de Fer 12',
    facturationCodePostal: '5000',
    facturationLocalite: 'Namur',
    facturationPays: 'BE',
    chantierLat: 50.4669,
    chantierLng: 4.8675,
  }))
  .state('professionnel', (c) => {
    c.type = 'professionnel'
    c.societe = `${c.nom} SRL`
    c.numeroTva = 'BE0403170701'
  })
  .build()
