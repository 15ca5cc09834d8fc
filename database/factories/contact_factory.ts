import factory from '@adonisjs/lucid/factories'
import Contact from '#models/contact'

/** A contact; merge a `societeId` (a pro société). */
export const ContactFactory = factory
  .define(Contact, ({ faker }) => ({
    nom: faker.person.lastName(),
    prenom: faker.person.firstName(),
    email: faker.internet.email().toLowerCase(),
    telephone: '+32 4 123 45 67',
    adresse: faker.location.streetAddress(),
    codePostal: '4000',
    localite: 'Liège',
    notes: null,
  }))
  .build()
