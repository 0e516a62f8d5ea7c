import { describe, expect, it } from 'vitest'
import { readForm } from './form.server'

const post = (body: string, type = 'application/x-www-form-urlencoded') =>
  new Request('http://localhost/form', { method: 'POST', body, headers: { 'content-type': type } })

/** What a refused form answers: the status and the message the visitor reads. */
async function refusal(reading: Promise<unknown>) {
  try {
    await reading
  } catch (thrown) {
    const { init, data } = thrown as { init: { status: number }; data: { message: string } }
    return { status: init.status, message: data.message }
  }
  throw new Error('the form was accepted')
}

describe('reading a form', () => {
  it('reads each field once', async () => {
    const form = await readForm(post('intent=refund&amount=12.50'))
    expect(Object.fromEntries(form)).toEqual({ intent: 'refund', amount: '12.50' })
  })

  it('refuses a field sent twice, naming it, whether urlencoded or multipart', async () => {
    expect(await refusal(readForm(post('intent=refund&amount=1&amount=2')))).toEqual({
      status: 400,
      message: 'The form sent the field “amount” more than once. Please reload the page and try again.',
    })
    const multipart =
      '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nreturn\r\n--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\nrefund\r\n--b--\r\n'
    expect(await refusal(readForm(post(multipart, 'multipart/form-data; boundary=b')))).toMatchObject({
      status: 400,
      message: expect.stringContaining('“intent”'),
    })
  })

  it('lets a list of ticked boxes repeat only the field the form names', async () => {
    const form = await readForm(post('orderId=UD-1&orderId=UD-2'), { repeatable: ['orderId'] })
    expect(form.getAll('orderId')).toEqual(['UD-1', 'UD-2'])
    expect(await refusal(readForm(post('orderId=UD-1&intent=a&intent=b'), { repeatable: ['orderId'] }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('“intent”'),
    })
  })

  it('refuses what is not a form, and values no text column can hold', async () => {
    expect(await refusal(readForm(post('{"a":1}', 'application/json')))).toMatchObject({ status: 400 })
    expect(await refusal(readForm(post('name=a%00b')))).toEqual({ status: 400, message: 'The form contains characters that cannot be stored.' })
  })
})
