/* Helpers of the textes tests. */
import type { Assert } from '@japa/assert'

/** The page data of a full HTML answer cannot break out of its script element. */
export function assertInertJson(assert: Assert, body: string) {
  const data = body.match(/<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/)
  assert.exists(data, 'no page data in the HTML')
  assert.notInclude(data![1], '</', 'a closing tag inside the page data')
  assert.notMatch(body, /<\/script>\s*<script>alert/)
  assert.notMatch(body.replace(data![0], ''), /onerror=|alert\(/)
}
