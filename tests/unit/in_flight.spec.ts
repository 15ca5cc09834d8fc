/*
 * The count of running requests the shutdown waits for (decision 851): drained() resolves once
 * the last one ends, or false at its deadline with the count unchanged.
 */
import { test } from '@japa/runner'
import { drained, requestEnded, requestStarted, requestsRunning } from '#services/in_flight'

test.group('In-flight requests', () => {
  test('drained resolves when the last request ends, not before', async ({ assert }) => {
    assert.isTrue(await drained(10), 'nothing running: at once')
    requestStarted()
    requestStarted()
    let done: boolean | null = null
    const waiting = drained(5_000).then((value) => (done = value))
    requestEnded()
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.isNull(done, 'one request still running')
    requestEnded()
    assert.isTrue(await waiting)
    assert.equal(requestsRunning(), 0)
  })

  test('drained gives up at its deadline and leaves the count as it is', async ({ assert }) => {
    requestStarted()
    try {
      assert.isFalse(await drained(30))
      assert.equal(requestsRunning(), 1)
    } finally {
      requestEnded()
    }
    assert.isTrue(await drained(10))
  })
})
