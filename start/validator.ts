/*
 * French messages for every VineJS rule the app uses (DESIGN.md §5: French everywhere).
 * Field names are translated through `fields` so a message reads "Le champ e-mail…".
 */
import vine, { SimpleMessagesProvider } from '@vinejs/vine'

export const messages = {
  required: 'Ce champ est requis.',
  string: 'Ce champ doit être un texte.',
  email: 'Veuillez saisir une adresse e-mail valide.',
  minLength: 'Ce champ doit contenir au moins {{ min }} caractères.',
  maxLength: 'Ce champ ne peut pas dépasser {{ max }} caractères.',
  confirmed: 'La confirmation ne correspond pas.',
  in: 'La valeur choisie n’est pas valide.',
  enum: 'La valeur choisie n’est pas valide.',
  number: 'Ce champ doit être un nombre.',
  boolean: 'Ce champ doit être vrai ou faux.',
  accepted: 'Vous devez accepter ce champ.',
  'database.unique': 'Cette valeur est déjà utilisée.',
  'database.exists': 'Cette valeur est introuvable.',
  'email.database.unique': 'Un compte existe déjà avec cette adresse e-mail.',
  url: 'Veuillez saisir une URL valide.',
  regex: 'Le format n’est pas valide.',
  date: 'Veuillez saisir une date valide.',
  min: 'La valeur doit être au moins {{ min }}.',
  max: 'La valeur ne peut pas dépasser {{ max }}.',
}

export const fields = {
  email: 'e-mail',
  password: 'mot de passe',
  name: 'nom',
}

vine.messagesProvider = new SimpleMessagesProvider(messages, fields)
