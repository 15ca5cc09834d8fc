import vine from '@vinejs/vine'

/**
 * The version an edit form saw (optimistic lock, issue 10). Optional in the schema because the
 * same validator serves creation; an update without it is refused by lockRecordVersion.
 */
export const lockVersionField = () =>
  vine.number().withoutDecimals().min(0).max(2_147_483_647).optional()
