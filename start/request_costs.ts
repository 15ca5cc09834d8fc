/*
 * Fixed costs of every request cut at boot (issue 15 §1): the session cookie's signature
 * verified once per signed string in each process (decision 747), the edge renderer made only
 * when a view is rendered (decision 748).
 */
import encryption from '@adonisjs/core/services/encryption'
import { keepVerifiedSignatures } from '#services/http/signed_cookies'
import { useLazyViews } from '#services/http/lazy_view'

keepVerifiedSignatures(encryption.getMessageVerifier())
useLazyViews()
