import { test } from '@japa/runner'
import { errorMessage } from '#services/http/http_errors'

test.group('services/http_errors', () => {
  test('every status has a French message, unknown ones fall back by class', ({ assert }) => {
    assert.equal(errorMessage(404), 'La page demandée est introuvable.')
    assert.equal(errorMessage(419), 'La page a expiré. Veuillez recharger la page et réessayer.')
    assert.equal(errorMessage(502), errorMessage(500))
    assert.equal(errorMessage(418), errorMessage(400))
  })
})
