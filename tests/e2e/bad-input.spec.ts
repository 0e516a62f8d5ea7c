/**
 * Bad input, thousands of times over: every route in app/routes.ts (and better-auth's endpoints,
 * the static folders and a few addresses that only an attacker would try) receives malformed
 * requests — wrong methods and types, huge bodies, invalid UTF-8, bad percent-encoding, malformed
 * JSON and multipart, wrong Content-Types, missing fields, unknown ids and path traversal — as an
 * anonymous visitor and as a signed-in staff member, with the shop's own Origin, with none and
 * with a foreign one. Each has a checkout of their own (the cart step done), so that what is posted
 * to the delivery step reaches its form.
 *
 * Bad input gets a 4xx (or a page), never a 5xx or a stack trace, and nothing stored changes
 * (docs/specification.md, Error messages). The suite runs its own shop process (embedded database
 * in a fresh directory, port 3420, moved by E2E_PORT_OFFSET) rather than the default test shop, because the browser tests running beside it in other workers
 * write orders, enquiries, products and profiles: a checksum of those tables could not be compared
 * there. Every failing request is listed in the test's output and its attachment.
 */
import { existsSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { expect, test, type APIRequestContext } from '@playwright/test'
import {
  DELIVERY,
  FORM,
  form,
  formsFor,
  firstLine,
  isStaffRoute,
  leakIn,
  MEGABYTE,
  multipart,
  paramsOf,
  queryOne,
  realParam,
  realPathOf,
  sendRaw as sendRawTo,
  snapshot as snapshotOf,
  startCheckoutOver,
  startProbedShop,
  table,
  type ProbedShop,
  type Outcome,
  type RawRequest,
} from './support/probing'
import { fixedPort } from './support/process'
import { logInAsStaffOverHttp, signUpOverHttp } from './support/shop'
import { blankProductForm } from '../../app/lib/schemas/product-form.fixture'

const PORT = fixedPort(3420)
const ORIGIN = `http://localhost:${PORT}`
const FOREIGN_ORIGIN = 'https://evil.example'
const CONCURRENCY = 8

const sendRaw = (probe: Probe, cookie: string | null, headersFirstMs = 0) => sendRawTo(PORT, probe, cookie, headersFirstMs)
const snapshot = () => snapshotOf(dataDir)

// One shop on one port for this file's tests: never split across workers.
test.describe.configure({ mode: 'serial' })

// ---------------------------------------------------------------------------------------------
// What is sent
// ---------------------------------------------------------------------------------------------

interface Probe extends RawRequest {
  summary: string
  /** Sent byte for byte with node:http: a URL parser would normalise `..`, `%2e` and friends away. */
  raw?: boolean
  /** The response must not contain any of these (file contents a traversal would reveal). */
  forbidden?: RegExp[]
}

/** Path segments for route parameters that name nothing or try to escape. */
const BAD_SEGMENTS = [
  'does-not-exist-zz9',
  '%ff%fe',
  '%',
  '%E0%A4%A',
  'a%00b',
  '%C0%AE%C0%AE',
  '..%2f..%2fpackage.json',
  '..%5c..%5cserver.js',
  '%2e%2e',
  'x'.repeat(4000),
  '%F0%9F%9A%81%E2%80%AE',
  "'%20OR%201=1--",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '-1',
  '1e309',
  '__proto__',
  '%0d%0aSet-Cookie:%20injected=1',
]

/** Query strings no page expects. */
const BAD_QUERIES = [
  'a=%zz',
  'redirectTo=%E0%A4%A',
  'redirectTo=%2F%2Fevil.example',
  'redirectTo=https%3A%2F%2Fevil.example%2F',
  'session_id=%ff%00',
  `session_id=${'z'.repeat(5000)}`,
  'payment=%3Cscript%3E&error=%ff',
  'x[]=1&x[a]=2&x=3',
  'category=%00&restored=-1&deleted=%',
  '_routes=%ff%2C..%2Froot',
  'index&_data=root',
  `q=${'%41'.repeat(3000)}`,
]

/** What the search box may be sent: tsquery and LIKE syntax, quotes, broken and odd characters, pages. */
const SEARCH_QUERIES = [
  "q=x7'%20%26%20!(pro%3A*%20%7C%20%3C-%3E)",
  'q=%25_%5C%25',
  'q=%27%20OR%20%271%27%3D%271%27%20--',
  'q=%ff%fe',
  'q=%00%00',
  'q=a%00b',
  `q=${'%F0%9F%9A%81'.repeat(500)}`,
  `q=${'ab%20'.repeat(2000)}`,
  'q=%C3%A9%CC%81%CC%81%CC%81',
  'q=camera&page=0',
  'q=camera&page=-1',
  'q=camera&page=1e3',
  'q=camera&page=99999',
  'q=camera&page=%ff',
  'q=camera&q=%ff&page=2&page=3',
  'q[]=camera&q[a]=x',
]

/** Field values that are wrong in type, size, encoding or intent. Never a valid e-mail or id. */
const BAD_VALUES = [
  '',
  '   ',
  'x'.repeat(100_000),
  'nul\u0000byte',
  '\uFFFE\uFFFF',
  '\uD800 lone surrogate',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '{"$gt":""}',
  '[1,2,3]',
  'null',
  '-1',
  '1e309',
  '99999999999999999999999999',
  '../../../../etc/passwd',
  '\u{1F681}'.repeat(2000),
]

/** A tiny PNG (1×1): a real image, for the upload tests that only play with its name. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
)

/** Bodies that are broken whatever the form: the parser, not the schema, has to cope. */
function malformedBodies(fields: string[]): Omit<Probe, 'method' | 'path'>[] {
  const first = fields[0] ?? 'field'
  const boundary = 'fuzz-boundary-1234'
  return [
    { headers: FORM, body: Buffer.from(form({ probe: '1' })), summary: 'urlencoded, unknown field only' },
    { headers: FORM, body: Buffer.alloc(0), summary: 'urlencoded, empty body' },
    {
      headers: FORM,
      body: Buffer.concat([
        Buffer.from(`${first}=`),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
        Buffer.from(`&${fields[1] ?? 'x'}=`),
        Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80]),
      ]),
      summary: 'urlencoded, invalid UTF-8 bytes',
    },
    { headers: FORM, body: Buffer.from(fields.map((name) => `${name}=%E0%A4%A%zz%`).join('&')), summary: 'urlencoded, bad percent-encoding' },
    {
      headers: FORM,
      body: Buffer.from(fields.flatMap((name) => [`${name}=a`, `${name}=b`, `${name}[]=c`, `${name}[x]=d`]).join('&')),
      summary: 'urlencoded, repeated and bracketed fields',
    },
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16le' },
      body: Buffer.from(`${first}=x`, 'utf16le'),
      summary: 'urlencoded declared UTF-16',
    },
    {
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(`{"${first}": {"$ne": null}, "items": [1, {"a": []}]}`),
      summary: 'JSON object with wrong types',
    },
    { headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"${first}": "unterminated`), summary: 'malformed JSON' },
    { headers: { 'content-type': 'application/json' }, body: Buffer.from('[null, 1, "two"]'), summary: 'JSON array' },
    {
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
      summary: 'JSON with invalid UTF-8',
    },
    { headers: { 'content-type': 'multipart/form-data' }, body: Buffer.from('garbage without a boundary'), summary: 'multipart without boundary' },
    {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.from('not a multipart body at all'),
      summary: 'multipart, body without parts',
    },
    {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart(boundary, [{ name: first, content: 'truncated' }], false).subarray(0, 60),
      summary: 'multipart, truncated',
    },
    {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: multipart(boundary, [
        { name: first, filename: '../../../../etc/passwd', type: 'text/plain', content: 'root:x:0:0' },
        { name: 'file', filename: '..\\..\\server.js', type: 'image/png', content: '<?php echo 1; ?>' },
      ]),
      summary: 'multipart, files with traversal names where text is expected',
    },
    { headers: { 'content-type': 'text/plain' }, body: Buffer.from(`${first}=plain text`), summary: 'text/plain' },
    {
      headers: { 'content-type': 'application/xml' },
      body: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>'),
      summary: 'XML with an external entity',
    },
    {
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)),
      summary: 'binary octet-stream',
    },
    {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Buffer.alloc(2 * MEGABYTE, 'a'),
      summary: '2 MB urlencoded, one field without =',
    },
  ]
}

/** Every field of a form set to one bad value each time; `fixed` keeps the form invalid whatever the value. */
function fieldBodies(fields: string[], fixed: Record<string, string> = {}): Omit<Probe, 'method' | 'path'>[] {
  return BAD_VALUES.map((value) => ({
    headers: FORM,
    body: Buffer.from(form({ ...Object.fromEntries(fields.map((name) => [name, value])), ...fixed })),
    summary: `urlencoded, every field = ${JSON.stringify(value.length > 24 ? `${value.slice(0, 12)}…(${value.length} chars)` : value)}${Object.keys(fixed).length ? ` except ${JSON.stringify(fixed)}` : ''}`,
  }))
}

// ---------------------------------------------------------------------------------------------
// Sending and judging
// ---------------------------------------------------------------------------------------------

async function send(context: APIRequestContext, probe: Probe, cookie: string | null): Promise<Outcome> {
  // Big bodies go on a connection of their own: a server may close a connection whose body it did
  // not read, and the next request that the client's pool puts on it would see a reset.
  if (probe.raw || (probe.body?.length ?? 0) > 256 * 1024) return sendRaw(probe, cookie)
  const response = await context.fetch(`${ORIGIN}${probe.path}`, {
    method: probe.method,
    headers: probe.headers,
    data: probe.body,
    maxRedirects: 0,
    failOnStatusCode: false,
    timeout: 30_000,
  })
  const body = await response.body()
  return {
    status: response.status(),
    contentType: response.headers()['content-type'] ?? '',
    location: response.headers().location ?? null,
    text: body.subarray(0, 2 * MEGABYTE).toString('utf8'),
  }
}

interface Failure {
  who: string
  method: string
  path: string
  body: string
  status: number | string
  firstLine: string
  problem: string
}

async function runAll(context: APIRequestContext, who: string, probes: Probe[], cookie: string | null): Promise<Failure[]> {
  const failures: Failure[] = []
  let next = 0
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!
      const shortPath = probe.path.length > 140 ? `${probe.path.slice(0, 100)}…(${probe.path.length} chars)` : probe.path
      const record = (status: number | string, line: string, problem: string) =>
        failures.push({ who, method: probe.method, path: shortPath, body: probe.summary, status, firstLine: line, problem })
      let outcome: Outcome
      try {
        outcome = await send(context, probe, cookie).catch((error: unknown) => {
          // A reset on a reused keep-alive connection, or a connection closed by an early answer before
          // the body was all written, says nothing about this request: send it once more on its own.
          if (/ECONNRESET|EPIPE|socket hang up/.test(String(error))) return sendRaw(probe, cookie, 2_000)
          throw error
        })
      } catch (error) {
        record('no answer', String(error instanceof Error ? error.message : error).split('\n', 1)[0]!, 'request failed')
        continue
      }
      if (outcome.status >= 500) record(outcome.status, firstLine(outcome), '5xx')
      const leak = leakIn(outcome.text)
      if (leak) record(outcome.status, firstLine(outcome), `leak: ${leak}`)
      for (const pattern of probe.forbidden ?? []) {
        if (pattern.test(outcome.text)) record(outcome.status, firstLine(outcome), `served a file it must not: ${pattern}`)
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return failures
}

// ---------------------------------------------------------------------------------------------
// The shop, its data and the probes
// ---------------------------------------------------------------------------------------------

let probed: ProbedShop
let dataDir: string
/** Real ids of things that exist, so that forms are reached past their not-found checks. */
let real: Record<string, string> = {}

/** Extra, route-specific cases: the traps each form's own rules must catch. */
function specialBodies(pattern: string): Omit<Probe, 'method' | 'path'>[] {
  const json = (value: unknown, summary: string) => ({ headers: FORM, body: Buffer.from(form({ items: JSON.stringify(value) })), summary })
  const boundary = 'special-boundary-42'
  const multi = (parts: Parameters<typeof multipart>[1], summary: string) => ({
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: multipart(boundary, parts),
    summary,
  })
  switch (pattern) {
    case '/checkout':
      return [
        json([{ FBUID: 'does-not-exist-zz9', productCount: 1 }], 'items: unknown product'),
        json([{ FBUID: 'unidrone-e900', productCount: 0 }], 'items: quantity 0'),
        json([{ FBUID: 'unidrone-e900', productCount: 11 }], 'items: quantity 11'),
        json([{ FBUID: 'unidrone-e900', productCount: 1.5 }], 'items: fractional quantity'),
        json([{ FBUID: 'unidrone-e900', productCount: '1' }], 'items: quantity as a string'),
        json([{ FBUID: ['unidrone-e900'], productCount: 1 }], 'items: id as an array'),
        json([{ FBUID: 'a\u0000b', productCount: 1 }], 'items: id with NUL'),
        json([{ FBUID: 'x'.repeat(201), productCount: 1 }], 'items: id of 201 characters'),
        json(
          [
            { FBUID: 'unidrone-e900', productCount: 1 },
            { FBUID: 'unidrone-e900', productCount: 1 },
          ],
          'items: one product twice',
        ),
        json(
          Array.from({ length: 101 }, (_, index) => ({ FBUID: `p${index}`, productCount: 1 })),
          'items: 101 lines',
        ),
        json([], 'items: empty list'),
        json({ FBUID: 'unidrone-e900', productCount: 1 }, 'items: an object, not a list'),
        { headers: FORM, body: Buffer.from(form({ items: `[${'{"FBUID":"x","productCount":1},'.repeat(700)}]` })), summary: 'items: over 20,000 characters' },
        { headers: FORM, body: Buffer.from(`items=${'['.repeat(5000)}`), summary: 'items: 5,000 nested brackets' },
      ]
    case '/checkout/delivery': {
      // The valid delivery step with one thing wrong each time: every one is refused (400) before
      // stock is reserved or an order made; only the typed details are kept in the checkout.
      const delivery = (fields: Record<string, string>, summary: string) => ({ headers: FORM, body: Buffer.from(form({ ...DELIVERY, ...fields })), summary })
      return [
        delivery({ postcode: '2000' }, 'delivery: a Sydney postcode in QLD'),
        delivery({ postcode: '0000' }, 'delivery: postcode 0000'),
        delivery({ postcode: '40000' }, 'delivery: five-digit postcode'),
        delivery({ state: 'XX' }, 'delivery: unknown state'),
        delivery({ state: 'qld ' }, 'delivery: state in lower case'),
        delivery({ shippingMethod: 'does-not-exist-zz9' }, 'delivery: unknown method'),
        delivery({ shippingMethod: 'STANDARD' }, 'delivery: method id in capitals'),
        delivery({ shippingMethod: '' }, 'delivery: no method'),
        delivery({ shippingMethod: '__proto__' }, 'delivery: method __proto__'),
        delivery({ shippingMethod: 'x'.repeat(600) }, 'delivery: method id of 600 characters'),
        delivery({ email: 'not-an-email' }, 'delivery: invalid e-mail'),
        delivery({ email: `${'a'.repeat(315)}@example.com` }, 'delivery: e-mail over 320 characters'),
        delivery({ phone: 'call me' }, 'delivery: phone without digits'),
        delivery({ phone: '1234567' }, 'delivery: phone of 7 digits'),
        delivery({ abn: '12345678901' }, 'delivery: ABN failing its checksum'),
        delivery({ abn: '5382448214 1' }, 'delivery: ABN of 10 digits and a space'),
        delivery({ fullName: '' }, 'delivery: no name'),
        delivery({ fullName: 'x'.repeat(201) }, 'delivery: name of 201 characters'),
        delivery({ fullName: '\u0000' }, 'delivery: name a NUL'),
        delivery({ addressLine1: '', suburb: '' }, 'delivery: no street or suburb'),
        delivery(
          { shippingMethod: 'click-collect-brisbane', fullName: '', addressLine1: '<script>alert(1)</script>' },
          'delivery: collect, no name, script as address',
        ),
        delivery({ saveAddress: 'on', postcode: '0100' }, 'delivery: save the address, postcode 0100 (none)'),
        delivery({ saveAddress: 'on', postcode: '1000' }, 'delivery: save the address, a Sydney postcode in QLD'),
        delivery({ email: '', saveAddress: 'yes' }, 'delivery: no e-mail, saveAddress not "on"'),
      ]
    }
    case '/settings/shipping': {
      // A method as the form sends it, with one thing wrong each time (or an id that names nothing).
      const method = {
        id: '',
        formKey: 'new',
        name: 'Fuzz Courier',
        kind: 'delivery',
        price: '12.00',
        freeOver: '',
        weightBands: '',
        deliveryTime: '2 days',
        carriesLithium: 'on',
        pickupAddress: '',
        pickupHours: '',
        position: '5',
        active: 'on',
      }
      const shipping = (fields: Record<string, string>, summary: string) => ({ headers: FORM, body: Buffer.from(form({ ...method, ...fields })), summary })
      return [
        shipping({ name: '' }, 'method: no name'),
        shipping({ name: '!!!' }, 'method: name without letters or digits'),
        shipping({ name: 'x'.repeat(101) }, 'method: name of 101 characters'),
        shipping({ name: 'Standard' }, 'method: new, named like the standard method (its id is taken)'),
        shipping({ kind: 'air' }, 'method: unknown kind'),
        shipping({ price: '' }, 'method: no price'),
        shipping({ price: '-5' }, 'method: negative price'),
        shipping({ price: '1e309' }, 'method: price 1e309'),
        shipping({ price: '100000.01' }, 'method: price over $100,000'),
        shipping({ freeOver: 'free' }, 'method: free-over not an amount'),
        shipping({ weightBands: '1000 = 12.00\n500 = 5.00' }, 'method: bands heaviest first'),
        shipping({ weightBands: '0 = 1.00' }, 'method: a band of 0 g'),
        shipping({ weightBands: '1000001 = 1.00' }, 'method: a band over 1,000 kg'),
        shipping({ weightBands: '1000 = 12 = 13' }, 'method: a band with two ='),
        shipping({ weightBands: Array.from({ length: 31 }, (_, index) => `${(index + 1) * 100} = 1.00`).join('\n') }, 'method: 31 bands'),
        shipping({ position: '-1' }, 'method: position -1'),
        shipping({ position: '10001' }, 'method: position 10,001'),
        shipping({ position: '9007199254740993' }, 'method: position past a safe integer'),
        shipping({ kind: 'collect' }, 'method: Click & Collect without pickup address or hours'),
        shipping({ id: 'does-not-exist-zz9' }, 'method: a valid edit of a method that does not exist'),
        shipping({ id: 'standard', price: 'twelve' }, 'method: an edit of the standard method, price in words'),
        shipping({ id: 'standard', name: '' }, 'method: an edit of the standard method, no name'),
      ]
    }
    case '/client':
      return [
        {
          headers: FORM,
          body: Buffer.from(form({ intent: 'address-remove', addressId: real.addressId ?? 'x' })),
          summary: "address-remove of another customer's address",
        },
        {
          headers: FORM,
          body: Buffer.from(form({ intent: 'address-default', addressId: real.addressId ?? 'x' })),
          summary: "address-default of another customer's address",
        },
        { headers: FORM, body: Buffer.from(form({ intent: 'address-remove', addressId: '' })), summary: 'address-remove without an address' },
        { headers: FORM, body: Buffer.from(form({ intent: 'address-default', addressId: "' OR '1'='1" })), summary: 'address-default, id an SQL injection' },
        {
          headers: FORM,
          body: Buffer.from(`intent=address-remove&addressId=${encodeURIComponent(real.addressId ?? 'x')}&addressId=does-not-exist-zz9`),
          summary: 'address-remove, the id twice',
        },
        {
          headers: FORM,
          body: Buffer.from(form({ intent: 'address-remove', addressId: 'x'.repeat(100_000) })),
          summary: 'address-remove, id of 100,000 characters',
        },
      ]
    case '/api/cart/quote':
      return [
        {
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ items: [{ FBUID: 'does-not-exist-zz9', productCount: 1 }] })),
          summary: 'JSON, unknown product (priced, not stored)',
        },
        {
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ items: [{ FBUID: { $ne: 1 }, productCount: 1 }] })),
          summary: 'JSON, id as an object',
        },
        { headers: { 'content-type': 'application/json' }, body: Buffer.from(`{"items":${'['.repeat(100_000)}`), summary: 'JSON, 100,000 nested brackets' },
        {
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(JSON.stringify({ items: Array.from({ length: 50_000 }, () => ({ FBUID: 'unidrone-e900', productCount: 1 })) })),
          summary: 'JSON, 50,000 lines (about 2 MB)',
        },
        { headers: { 'content-type': 'application/json' }, body: Buffer.from('{"__proto__":{"polluted":true},"items":[]}'), summary: 'JSON, __proto__ key' },
      ]
    case '/product/create':
    case '/product/:productId/update': {
      const product = (value: unknown, summary: string, version = '1') => ({
        headers: FORM,
        body: Buffer.from(form({ product: JSON.stringify(value), version })),
        summary,
      })
      return [
        product({ productName: 'Fuzz', productCategory: 'nope' }, 'product: incomplete, unknown category'),
        product({ productName: ['x'], STUPID: 1, productCategory: 'cameras', productPrices: 'free' }, 'product: wrong types'),
        product(
          {
            productName: '!!!',
            STUPID: 'x',
            productCategory: 'cameras',
            productImages: [],
            productDescriptions: [],
            productFeatures: [],
            productSpecifications: [],
            productDimensions: [],
            productShipping: [],
            productDownloads: [],
            productPrices: [{ value: '-5', label: '', description: '' }],
          },
          'product: name without letters, negative price',
        ),
        product(
          {
            productName: 'Fuzz',
            STUPID: 'x',
            productCategory: 'cameras',
            productImages: [{ value: 'javascript:alert(1)', label: '', description: '' }],
            productDescriptions: [],
            productFeatures: [],
            productSpecifications: [],
            productDimensions: [],
            productShipping: [],
            productDownloads: [{ value: '//evil.example/x', label: '', description: '' }],
            productPrices: [{ value: '1e309', label: '', description: '' }],
          },
          'product: script and protocol-relative links, price 1e309',
        ),
        product(null, 'product: null'),
        product('a string', 'product: a string'),
        { headers: FORM, body: Buffer.from(form({ product: `{"productName":${'['.repeat(5000)}` })), summary: 'product: 5,000 nested brackets' },
      ]
    }
    case '/history/:collection/:documentId':
      return ['0', '-1', '1.5', '9007199254740993', '0x10', ' 1e3 ', '999999'].map((historyId) => ({
        headers: FORM,
        body: Buffer.from(form({ historyId })),
        summary: `historyId=${historyId}`,
      }))
    case '/contact/:contactId':
      return ['NaN', '-1', '1e309', '', '2147483648', '1.5'].map((version) => ({
        headers: FORM,
        body: Buffer.from(form({ intent: 'status', status: 'closed', version })),
        summary: `status closed, version=${JSON.stringify(version)}`,
      }))
    case '/template/:templateId/update':
      return ['NaN', '-1', '1e309', '', '2147483648', '1.5'].map((version) => ({
        headers: FORM,
        body: Buffer.from(form({ templateName: '', templateImage: 'javascript:alert(1)', version })),
        summary: `empty name, script image, version=${JSON.stringify(version)}`,
      }))
    case '/api/uploads':
      return [
        multi([{ name: 'file', filename: '../../../../tmp/escaped.png', type: 'image/png', content: PNG }], 'a real PNG named ../../../../tmp/escaped.png'),
        multi(
          [{ name: 'file', filename: 'x.svg', type: 'image/svg+xml', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }],
          'SVG with a script',
        ),
        multi([{ name: 'file', filename: 'x.png', type: 'image/png', content: '<html><script>alert(1)</script></html>' }], 'HTML named .png'),
        multi([{ name: 'file', filename: 'empty.png', type: 'image/png', content: '' }], 'empty file'),
        multi(
          [
            { name: 'file', filename: 'a.png', content: PNG },
            { name: 'file', filename: 'b.png', content: PNG },
          ],
          'two files',
        ),
        multi([{ name: 'other', filename: 'a.png', content: PNG }], 'file in the wrong field'),
        multi([{ name: 'file', content: 'just text' }], 'text where the file goes'),
        multi([{ name: 'file', filename: 'big.png', type: 'image/png', content: Buffer.concat([PNG, Buffer.alloc(5 * MEGABYTE)]) }], 'PNG over 5 MB'),
        { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.alloc(MEGABYTE, '-'), summary: '1 MB of dashes as multipart' },
      ]
    case '/migration':
      return [
        multi(
          [
            { name: 'collection', content: 'products' },
            { name: 'file', filename: 'export.json', type: 'application/json', content: '{"format":' },
          ],
          'import: truncated JSON file',
        ),
        multi(
          [
            { name: 'collection', content: 'products' },
            { name: 'file', filename: '../../../etc/passwd', type: 'application/json', content: '[1,2,3]' },
          ],
          'import: JSON array, traversal file name',
        ),
        multi(
          [
            { name: 'collection', content: 'history' },
            { name: 'file', filename: 'h.json', content: '{}' },
          ],
          'import: into read-only history',
        ),
        multi(
          [
            { name: 'collection', content: 'users' },
            { name: 'file', filename: 'u.json', content: '{}' },
          ],
          'import: unknown collection',
        ),
        multi(
          [
            { name: 'collection', content: 'products' },
            { name: 'intent', content: 'apply' },
            { name: 'token', content: '../../pglite.lock' },
          ],
          'apply: token with traversal',
        ),
        multi(
          [
            { name: 'collection', content: 'products' },
            { name: 'intent', content: 'apply' },
            { name: 'token', content: '0'.repeat(32) },
            { name: 'plan', content: 'x' },
          ],
          'apply: unknown token',
        ),
        multi(
          [
            { name: 'collection', content: 'products' },
            { name: 'renames', content: '=>\n%%%\n'.repeat(1000) },
            { name: 'file', filename: 'p.json', content: Buffer.from([0xff, 0xfe, 0x00, 0x7b]) },
          ],
          'import: garbage renames, binary file',
        ),
        multi(
          [
            { name: 'collection', content: 'products' },
            { name: 'file', filename: 'big.json', content: Buffer.alloc(3 * MEGABYTE, ' ') },
          ],
          'import: 3 MB of spaces',
        ),
      ]
    default:
      return []
  }
}

/** better-auth's endpoints (outside the route table), with broken bodies only: no valid sign-up or change. */
const AUTH_PATHS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/update-user',
  '/api/auth/sign-in/social',
  '/api/auth/send-verification-email',
]
const AUTH_GETS = [
  '/api/auth/get-session',
  '/api/auth/verify-email?token=%ff%fe',
  '/api/auth/verify-email?token=eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImEifQ.',
  '/api/auth/callback/google?state=%zz&code=x',
  '/api/auth/reset-password/..%2f..%2f?callbackURL=%2F%2Fevil.example',
  '/api/auth/%ff',
  '/api/auth/does-not-exist',
  '/api/auth/ok',
  '/api/auth/error?error=%3Cscript%3E',
]

const FILE_LEAKS = [/root:x:0:0/, /"devDependencies"/, /loadShop|startShop\(/, /BETTER_AUTH_SECRET=/, /\bpid\b.*\bsocket\b/]

/** Traversal attempts on the static folders, the downloads route and the page router. */
const TRAVERSALS = [
  '/uploads/..%2f..%2fetc%2fpasswd',
  '/uploads/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
  '/uploads/%2e%2e/%2e%2e/package.json',
  '/uploads/../pglite.lock',
  '/uploads/..%2fpglite.lock',
  '/uploads/..%2fauth-secret',
  '/uploads/.%2e/.%2e/server.js',
  '/uploads/%252e%252e%252fpackage.json',
  '/uploads/%00.png',
  '/uploads/..\\..\\package.json',
  '/downloads/..%2F..%2Fpackage.json',
  '/downloads/%2e%2e%2f%2e%2e%2fpackage.json',
  '/downloads/..%5c..%5cpackage.json',
  '/downloads/....%2f%2f....%2f%2fpackage.json',
  '/assets/../server.js',
  '/assets/..%2f..%2fserver.js',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/assets/..%2f..%2f..%2fetc%2fpasswd',
  '/images/../../package.json',
  '/images/..%2f..%2fpackage.json',
  '/../../../../etc/passwd',
  '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
  '/..%2f..%2f..%2fetc%2fpasswd',
  '//etc/passwd',
  '/build/server/index.js',
  '/server.js',
  '/package.json',
  '/.env',
  '/data/auth-secret',
  '/product/..%2f..%2f..%2fpackage.json',
  '/legals/..%2f..%2fpackage.json',
  '/migration/export/..%2f..%2fpackage.json',
  '/history/..%2fproducts/..%2f..%2fpackage.json',
]

/** Public routes whose answer depends on who is signed in: probed in depth as staff too. */
const SIGNED_IN_MATTERS = new Set([
  '/login',
  '/client',
  '/checkout',
  '/checkout/delivery',
  '/pay/demo/:sessionId',
  '/orders/:orderId/invoice',
  '/contact',
  '/auth/continue',
  '/client/orders/:orderId',
  '/track-order/:token',
])
/** The same module at a second address (account.tsx serves /client and /program): probed lightly there. */
const SECOND_ADDRESS = new Set(['/program'])

function buildProbes(who: 'anonymous' | 'staff'): Probe[] {
  const probes: Probe[] = []
  const add = (probe: Probe) => probes.push({ ...probe, raw: probe.raw ?? /%2e|\/\.\.?(\/|$)|\\/i.test(probe.path) })
  const withOrigin = (headers: Record<string, string> | undefined, origin: string | null) => (origin ? { ...headers, origin } : { ...headers })

  for (const route of table) {
    if (route.path === '/*') continue
    const staffOnly = isStaffRoute(route.file)
    const params = paramsOf(route.path)
    const forms = formsFor(route.path)
    // Signing out ends the staff session the rest of the run needs; it has no fields to get wrong.
    if (who === 'staff' && route.path === '/logout') continue
    // Anonymous visitors are sent to the login panel before any staff code runs, and public pages that
    // do not care who asks were covered in depth by the anonymous run: a few probes prove those hold.
    const shallow = SECOND_ADDRESS.has(route.path) || (who === 'anonymous' ? staffOnly : !staffOnly && !SIGNED_IN_MATTERS.has(route.path))

    const realPath = realPathOf(real, route.path)

    // GET: the page itself, bad query strings, React Router's data requests.
    add({ method: 'GET', path: realPath, summary: 'plain GET' })
    // The tax invoice is asked for a paid order (its page); an unpaid one, which has none, too.
    if (route.path === '/orders/:orderId/invoice') add({ method: 'GET', path: `/orders/${real.orderId}/invoice`, summary: 'plain GET, an unpaid order' })
    if (!shallow) {
      // Staff screens read few query parameters: a third of the list is enough there.
      for (const query of staffOnly ? BAD_QUERIES.filter((_, index) => index % 3 === 0) : BAD_QUERIES) {
        add({ method: 'GET', path: `${realPath}?${query}`, summary: `query ${query.slice(0, 40)}` })
      }
      if (route.path === '/search' || route.path === '/api/search/suggest') {
        for (const query of SEARCH_QUERIES) add({ method: 'GET', path: `${realPath}?${query}`, summary: `search ${query.slice(0, 40)}` })
      }
      add({ method: 'GET', path: `${realPath === '/' ? '/_root' : realPath}.data?_routes=%ff,..`, summary: 'single-fetch data request, bad _routes' })
      add({ method: 'GET', path: `${realPath}/%ff%fe`, summary: 'extra segment with invalid UTF-8' })
      add({ method: 'GET', path: `${realPath}%`, summary: 'trailing lone %' })
      add({ method: 'HEAD', path: realPath, summary: 'HEAD' })
      add({ method: 'OPTIONS', path: realPath, summary: 'OPTIONS' })
    }

    // Each parameter replaced by ids that name nothing or try to escape.
    for (const param of params) {
      for (const [index, segment] of (shallow ? BAD_SEGMENTS.slice(0, 6) : BAD_SEGMENTS).entries()) {
        const target = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
          name === param ? segment : (realParam(real, route.path, name) ?? 'does-not-exist-zz9'),
        )
        add({ method: 'GET', path: target, summary: `${param} = ${segment.slice(0, 40)}` })
        // Forms at addresses that name nothing: every other bad id is enough.
        if (!shallow && index % (staffOnly ? 3 : 2) === 0) {
          add({
            method: 'POST',
            path: target,
            headers: { ...FORM, origin: ORIGIN },
            body: Buffer.from(form({ probe: '1', intent: 'x' })),
            summary: `${param} = ${segment.slice(0, 40)}, small form`,
          })
          add({
            method: 'POST',
            path: target,
            headers: { 'content-type': 'multipart/form-data' },
            body: Buffer.from('x'),
            summary: `${param} = ${segment.slice(0, 40)}, multipart without boundary, no Origin`,
          })
        }
      }
    }

    // POST and the other methods: every route, whether or not it has an action.
    const fields = forms?.fields ?? ['probe']
    const malformed = malformedBodies(fields)
    const bodies =
      forms && !shallow
        ? [...malformed, ...fieldBodies(fields, forms.fixed), ...specialBodies(route.path)]
        : shallow
          ? malformed.slice(0, 3)
          : malformed.slice(0, 8)
    bodies.forEach((body, index) => {
      // With the shop's own Origin, and (for malformed bodies) again with none; a foreign one now and then.
      add({ method: 'POST', path: realPath, ...body, headers: withOrigin(body.headers, ORIGIN) })
      if (index < malformed.length / 2 && !shallow) add({ method: 'POST', path: realPath, ...body, summary: `${body.summary}, no Origin` })
      if (index % 6 === 0)
        add({ method: 'POST', path: realPath, ...body, headers: withOrigin(body.headers, FOREIGN_ORIGIN), summary: `${body.summary}, foreign Origin` })
    })
    if (forms && !shallow) {
      // Each field sent twice, and a line under two spellings of its field (`qty-0`, `qty-00`).
      const twice = new URLSearchParams(
        forms.fields.flatMap((name) => [
          [name, forms.fixed?.[name] ?? '1'],
          [name, '2'],
        ]),
      )
      add({ method: 'POST', path: realPath, headers: { ...FORM, origin: ORIGIN }, body: Buffer.from(twice.toString()), summary: 'every field sent twice' })
      if (forms.fields.includes('qty-0'))
        add({
          method: 'POST',
          path: realPath,
          headers: { ...FORM, origin: ORIGIN },
          body: Buffer.from('intent=return&reason=faulty&details=Dead+on+arrival&qty-0=1&qty-00=1'),
          summary: 'one line under two spellings',
        })
      for (const body of malformed.slice(0, 4))
        add({
          method: 'POST',
          path: `${realPath === '/' ? '/_root' : realPath}.data`,
          ...body,
          headers: withOrigin(body.headers, ORIGIN),
          summary: `single-fetch action, ${body.summary}`,
        })
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      add({ method, path: realPath, headers: { ...FORM, origin: ORIGIN }, body: Buffer.from(form({ probe: '1' })), summary: `${method} with a small form` })
      if (!shallow && !staffOnly) add({ method, path: realPath, summary: `${method} without a body or Origin` })
    }
  }

  // The catch-all route and the static folders.
  for (const traversal of TRAVERSALS) {
    add({ method: 'GET', path: traversal, summary: 'path traversal', forbidden: FILE_LEAKS })
    add({
      method: 'POST',
      path: traversal,
      headers: { ...FORM, origin: ORIGIN },
      body: Buffer.from('a=1'),
      summary: 'path traversal, POST',
      forbidden: FILE_LEAKS,
    })
  }
  for (const segment of BAD_SEGMENTS) add({ method: 'GET', path: `/${segment}/${segment}`, summary: 'unknown address' })

  // better-auth.
  for (const [index, authPath] of AUTH_PATHS.entries()) {
    const bodies = malformedBodies(['email', 'password', 'newPassword', 'name', 'provider', 'token', 'callbackURL'])
    // Every broken body to the first endpoint, the quicker half (not the 2 MB one) to the others.
    for (const body of index === 0 ? bodies : bodies.filter((candidate, position) => position % 2 === 0 && (candidate.body?.length ?? 0) < MEGABYTE)) {
      add({ method: 'POST', path: authPath, ...body, headers: withOrigin(body.headers, ORIGIN) })
    }
    add({
      method: 'POST',
      path: authPath,
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: Buffer.from(
        JSON.stringify({
          email: 'not-an-email',
          password: ['x'],
          newPassword: 1,
          currentPassword: {},
          name: 42,
          image: 7,
          provider: '../evil',
          token: '%ff',
          callbackURL: 'https://evil.example/',
        }),
      ),
      summary: 'JSON, every field the wrong type',
    })
  }
  for (const authGet of AUTH_GETS) add({ method: 'GET', path: authGet, summary: 'auth GET with bad parameters' })
  return probes
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(150_000)
  probed = await startProbedShop(playwright, PORT, 'bad-input')
  ;({ dataDir, real } = probed)
})

test.afterAll(async () => {
  if (probed) expect(await probed.stop(), 'the shop stopped cleanly after the run').toBe(0)
})

function report(failures: Failure[]) {
  // One line per distinct problem: the same fault behind many probes is listed once, with a count.
  const grouped = new Map<string, Failure & { count: number }>()
  for (const failure of failures) {
    const key = `${failure.who} ${failure.method} ${failure.path} | ${failure.body} | ${failure.problem}`
    const seen = grouped.get(key)
    if (seen) seen.count++
    else grouped.set(key, { ...failure, count: 1 })
  }
  const lines = [...grouped.values()].map(
    (failure) =>
      `${failure.who}: ${failure.method} ${failure.path} [${failure.body}] → ${failure.status} ${failure.problem} — ${failure.firstLine}${failure.count > 1 ? ` (×${failure.count})` : ''}`,
  )
  if (lines.length) console.log(`\n${failures.length} failing requests\n  ${lines.join('\n  ')}`)
  return lines
}

test('malformed requests to every route, anonymous and as signed-in staff, get no 5xx, leak nothing and change nothing', async ({ playwright }, testInfo) => {
  test.setTimeout(150_000)
  const failures: Failure[] = []
  const changes: Record<string, unknown> = {}
  let total = 0
  for (const who of ['anonymous', 'staff'] as const) {
    await test.step(`as ${who}`, async () => {
      const context = await playwright.request.newContext({ baseURL: ORIGIN })
      if (who === 'staff') {
        await logInAsStaffOverHttp(context, ORIGIN, probed.staff.email, probed.staff.password)
        expect((await context.get('/staff', { maxRedirects: 0 })).status()).toBe(200)
      }
      // A checkout of this visitor's own (step one done): the context keeps its cookie, and the raw
      // requests send it too, so the delivery step's bodies reach its form, not the way back to the cart.
      const checkoutId = await startCheckoutOver(context, ORIGIN)
      const cookie = (await context.storageState()).cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ')
      const probes = buildProbes(who)
      total += probes.length
      const before = await snapshot()
      const started = Date.now()
      const found = await runAll(context, who, probes, cookie)
      console.log(`${who}: ${probes.length} malformed requests in ${((Date.now() - started) / 1000).toFixed(1)} s`)
      const after = await snapshot()
      for (const name of Object.keys(before)) if (before[name] !== after[name]) changes[`${who}: ${name}`] = { before: before[name], after: after[name] }
      // The delivery step's refusals got that far: they kept what was typed in this visitor's checkout.
      const kept = await queryOne<{ details: unknown }>(dataDir, `select details from checkouts where id = '${checkoutId}'`)
      expect(kept?.details, 'the bodies posted to /checkout/delivery reached its form').not.toBeNull()
      expect((await context.get('/checkout/delivery', { maxRedirects: 0 })).status(), 'the checkout is still open').toBe(200)
      if (who === 'staff') {
        // Still signed in at the end: nothing in the run ended the session by accident.
        expect((await context.get('/staff', { maxRedirects: 0 })).status(), 'the staff session survived the run').toBe(200)
      }
      await context.dispose()
      failures.push(...found)
    })
  }
  expect(existsSync('/tmp/escaped.png'), 'an upload name chose where the file went').toBe(false)
  const lines = report(failures)
  await writeFile(testInfo.outputPath('failures.json'), JSON.stringify(failures, null, 2))
  await testInfo.attach('failures.json', { path: testInfo.outputPath('failures.json'), contentType: 'application/json' })
  expect(total).toBeGreaterThan(2000)
  expect(changes, 'rows or contents of checked tables changed').toEqual({})
  expect(lines, `${failures.length} requests got a 5xx, leaked internals or served a file`).toEqual([])
})

test('forged and malformed session cookies sign nobody in and get no 5xx on pages, guarded pages, the invoice and both checkout steps', async ({
  playwright,
}) => {
  const context = await playwright.request.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { origin: ORIGIN } })
  await signUpOverHttp(context, `cookie-${Date.now()}@example.com`, 'a good password', dataDir)
  const real = (await context.storageState()).cookies.find((entry) => entry.name === 'better-auth.session_token')!.value
  await context.dispose()
  const [token, signature] = decodeURIComponent(real).split('.') as [string, string]
  const session = (value: string) => `better-auth.session_token=${value}`
  const forged = [
    session('x'),
    session(''),
    session('.'),
    session('%'),
    session('%E0%A4%A.broken'),
    session(`"${token}`),
    session(`${token}.${'A'.repeat(43)}=`),
    session(encodeURIComponent(`${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`)),
    session(encodeURIComponent(`${token}.${signature.slice(0, -2)}=`)),
    session('ü.ö'),
    session('y'.repeat(6000)),
    `__Secure-${session(real)}`,
    `${session('x')}; ${session(real)}`,
  ]
  // A checkout of the test's own, for the delivery step (which wants the checkout's cookie besides).
  const checkoutContext = await playwright.request.newContext({ baseURL: ORIGIN })
  const checkoutId = await startCheckoutOver(checkoutContext, ORIGIN)
  await checkoutContext.dispose()
  const addressesBefore = await queryOne<{ n: number }>(dataDir, 'select count(*)::int as n from addresses')
  const invoice = `/orders/${probed.real.paidOrderId}/invoice`
  const probes: Probe[] = [
    { method: 'GET', path: '/', summary: 'home' },
    { method: 'GET', path: '/product/unidrone-e900', summary: 'product' },
    { method: 'GET', path: '/client', summary: 'account' },
    { method: 'GET', path: '/staff', summary: 'staff' },
    // The tax invoice of another customer's paid order: a login page for anyone not signed in.
    { method: 'GET', path: invoice, summary: 'tax invoice' },
    // Step one: the cart is kept and the answer leads to the delivery step, whoever asks.
    {
      method: 'POST',
      path: '/checkout',
      headers: { ...FORM, origin: ORIGIN },
      body: Buffer.from(form({ items: JSON.stringify([{ FBUID: 'unidrone-e900', productCount: 1 }]) })),
      summary: 'checkout',
    },
    // Step two, valid and asking to save the address: a payment page, for an order of nobody's.
    {
      method: 'POST',
      path: '/checkout/delivery',
      headers: { ...FORM, origin: ORIGIN },
      body: Buffer.from(form({ ...DELIVERY, saveAddress: 'on' })),
      summary: 'delivery step',
    },
  ]
  /** What each probe answers someone not signed in. */
  const expected: Record<string, number> = { '/client': 302, '/staff': 302, [invoice]: 302, '/checkout': 303, '/checkout/delivery': 302 }
  const withCheckout = (cookie: string, probe: Probe) => (probe.path === '/checkout/delivery' ? `${cookie}; checkout=${checkoutId}` : cookie)
  const wrong: string[] = []
  for (const cookie of forged) {
    for (const probe of probes) {
      const outcome = await sendRaw(probe, withCheckout(cookie, probe))
      const unexpected = probe.path in expected && outcome.status !== expected[probe.path]
      if (outcome.status >= 500 || unexpected || leakIn(outcome.text))
        wrong.push(`${probe.method} ${probe.path} with ${cookie.slice(0, 60)} → ${outcome.status}`)
    }
  }
  expect(wrong).toEqual([])
  // The orders the delivery step made belong to nobody, and no address was saved for anyone.
  const orders = await queryOne<{ n: number; owned: number }>(
    dataDir,
    `select count(*)::int as n, count(user_id)::int as owned from orders where checkout_id = '${checkoutId}'`,
  )
  expect(orders).toEqual({ n: forged.length, owned: 0 })
  expect(await queryOne<{ n: number }>(dataDir, 'select count(*)::int as n from addresses'), 'addresses saved').toEqual(addressesBefore)
  // The genuine cookie, sent the same way, is signed in: the checks above could fail. It is a
  // customer's, but not the one whose order the invoice is: that is answered as if it did not exist.
  expect((await sendRaw(probes[2]!, session(real))).status).toBe(200)
  expect((await sendRaw(probes[4]!, session(real))).status).toBe(404)
})

/** Resident memory of a process, from /proc (Linux), in MB. */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

/**
 * The process's resident memory once it has had the chance to give back what it freed: a quiet shop
 * collects and trims within a few seconds (app/server/http/memory-trim.server.ts). The least of
 * readings over 8 s; memory the shop still holds (a body it kept) would not come back.
 */
async function settledResidentMb(pid: number): Promise<number> {
  let least = await residentMb(pid)
  for (let reading = 0; reading < 16; reading++) {
    await new Promise((resolve) => setTimeout(resolve, 500))
    least = Math.min(least, await residentMb(pid))
  }
  return least
}

/**
 * Sends a request of `bytes` body bytes over a raw socket, as fast as the shop takes them, with a
 * Content-Length or chunked; stops sending once the answer has begun, unless `sendAll` (a client
 * that does not look before it has sent everything). Answers the status line and body, or the socket
 * error if the connection broke before any answer.
 */
function streamBody(
  path: string,
  headers: Record<string, string>,
  bytes: number,
  chunked: boolean,
  cookie = '',
  sendAll = false,
): Promise<{ status: number; text: string; error?: string; sent: number }> {
  return new Promise((resolve) => {
    const socket = connect(PORT, '127.0.0.1')
    let answer = ''
    let sent = 0
    let done = false
    let answered = false
    const finish = (error?: string) => {
      if (done) return
      done = true
      socket.destroy()
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
      resolve({ status, text: answer.split('\r\n\r\n').slice(1).join('\r\n\r\n'), error: status ? undefined : error, sent })
    }
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8')
      const complete =
        /\r\n\r\n/.test(answer) &&
        (/content-length: (\d+)/i.exec(answer)
          ? answer.split('\r\n\r\n')[1]!.length >= Number(/content-length: (\d+)/i.exec(answer)![1])
          : /\r\n0\r\n\r\n$/.test(answer))
      if (complete) answered = true
      if (complete && (!sendAll || sent >= bytes)) finish()
    })
    socket.on('error', (error) => finish(error.message))
    socket.on('close', () => finish('closed'))
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: localhost:${PORT}`,
      `Origin: ${ORIGIN}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ]
    if (cookie) head.push(`Cookie: ${cookie}`)
    head.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`)
    socket.write(`${head.join('\r\n')}\r\n\r\n`)
    const piece = Buffer.alloc(64 * 1024, 'a')
    const pump = () => {
      while (!done && sent < bytes) {
        if (answered && !sendAll) return
        const size = Math.min(piece.length, bytes - sent)
        const data = chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), piece.subarray(0, size), Buffer.from('\r\n')]) : piece.subarray(0, size)
        sent += size
        if (!socket.write(data)) return void socket.once('drain', pump)
      }
      if (!done && chunked) socket.write('0\r\n\r\n')
      if (answered && sent >= bytes) finish()
    }
    socket.once('connect', pump)
  })
}

test('bodies over the limit are refused with a short 413 before they are read, and the shop keeps serving meanwhile', async () => {
  test.setTimeout(120_000)
  const logStart = probed.shop.output().length
  const pid = probed.shop.child.pid!
  const before = await snapshot()
  const memoryBefore = await residentMb(pid)
  // /healthz, every 20 ms, while 200 MB are posted to /contact by a client that sends all of it
  // before it looks at the answer (the shop reads and throws it away), and then chunked.
  const latencies: number[] = []
  let posting = true
  await fetch(`${ORIGIN}/healthz`)
  const watch = (async () => {
    while (posting) {
      const started = performance.now()
      await fetch(`${ORIGIN}/healthz`)
      latencies.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const started = performance.now()
  const declared = await streamBody('/contact', FORM, 200 * MEGABYTE, false)
  const declaredMs = performance.now() - started
  const sentAll = await streamBody('/contact', FORM, 200 * MEGABYTE, false, '', true)
  const chunked = await streamBody('/contact', FORM, 200 * MEGABYTE, true)
  posting = false
  await watch
  const memoryAfter = await settledResidentMb(pid)

  for (const [name, outcome] of [
    ['declared', declared],
    ['sent in full', sentAll],
    ['chunked', chunked],
  ] as const) {
    expect(outcome.status, `${name}: ${outcome.error}`).toBe(413)
    expect(outcome.text, name).toContain('at most 1 MB')
    expect(outcome.text.length, `${name}: nothing echoed`).toBeLessThan(500)
  }
  expect(declaredMs, 'a declared 200 MB is refused without being read').toBeLessThan(2_000)
  expect(chunked.sent, 'the chunked body was stopped long before its end').toBeLessThan(100 * MEGABYTE)
  // A shop that held the body, or read it in one blocking piece, would leave /healthz waiting for
  // seconds. Other browser tests share the two cores, so a single answer may meet a busy core for a few
  // hundred milliseconds: no answer takes a second, and the typical one stays quick.
  const shown = `/healthz latencies meanwhile (ms): ${latencies.map(Math.round).join(', ')}`
  expect(Math.max(...latencies), shown).toBeLessThan(1_000)
  expect([...latencies].sort((x, y) => x - y)[Math.floor(latencies.length / 2)]!, shown).toBeLessThan(100)
  expect(latencies.length, 'the shop was asked often while the bodies came in').toBeGreaterThan(5)
  expect(memoryAfter - memoryBefore, `resident memory ${Math.round(memoryBefore)} → ${Math.round(memoryAfter)} MB`).toBeLessThan(50)

  // JSON endpoints (the shop's and better-auth's) answer in JSON; a form just under the limit is read.
  const json = { 'Content-Type': 'application/json' }
  const quote = await streamBody('/api/cart/quote', json, 2 * MEGABYTE, true)
  expect([quote.status, JSON.parse(quote.text).message]).toEqual([413, expect.stringContaining('at most 1 MB')])
  const signUp = await streamBody('/api/auth/sign-up/email', json, 2 * MEGABYTE, false)
  expect(signUp.status).toBe(413)
  // better-auth's endpoints take a declared length only (browsers always send one).
  const chunkedSignUp = await streamBody('/api/auth/sign-up/email', json, 2 * MEGABYTE, true)
  expect([chunkedSignUp.status, JSON.parse(chunkedSignUp.text).message]).toEqual([411, 'Send this request with a Content-Length.'])
  const underLimit = await sendRaw(
    { method: 'POST', path: '/contact', headers: { ...FORM, origin: ORIGIN }, body: Buffer.from(form({ contactName: 'x'.repeat(900_000) })), summary: '' },
    null,
  )
  expect(underLimit.status, 'a 0.9 MB form is read and answered by its page').toBe(400)

  // An upload keeps its own 20 MB, and a chunked one over it gets a readable 413 too.
  const upload = await streamBody('/api/uploads', { 'Content-Type': 'multipart/form-data; boundary=x' }, 24 * MEGABYTE, true, probed.staffCookie)
  expect([upload.status, upload.error]).toEqual([413, undefined])
  expect(JSON.parse(upload.text)).toEqual({ error: 'The image is too large: images can be at most 20 MB.' })
  expect(await snapshot(), 'nothing stored changed').toEqual(before)
  // The shop's log reaches this process a moment after the answers: wait for the last refusal's line (the upload's).
  await expect.poll(() => probed.shop.output().slice(logStart)).toMatch(/"path":"\/api\/uploads"[^\n]*request body over the limit/)
  expect(probed.shop.output().slice(logStart), 'refusals are warnings, not errors with stacks').not.toMatch(/"level":(50|60)|SERVER_ERROR|"stack"/)
})

test('methods the shop does not answer get 405, Origin: null is a foreign origin on every write, and a refusal is one warning line', async () => {
  const logStart = probed.shop.output().length
  const odd: string[] = []
  for (const method of ['TRACE', 'PROPFIND', 'OPTIONS', 'MKCOL']) {
    for (const path of ['/', '/contact', '/product/unidrone-e900', '/api/cart/quote', '/api/auth/get-session', '/product/create']) {
      const outcome = await sendRaw({ method, path, summary: '' }, null)
      if (outcome.status !== 405) odd.push(`${method} ${path} → ${outcome.status}`)
    }
  }
  expect(odd).toEqual([])
  const connectAnswer = await new Promise<string>((resolve) => {
    const socket = connect(PORT, '127.0.0.1', () => socket.write(`CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n`))
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('close', () => resolve(answer))
  })
  expect(connectAnswer).toMatch(/^HTTP\/1\.1 405 /)

  // Writes with Origin: null, as a sandboxed frame or a data: page sends them: refused everywhere.
  const writes: Probe[] = [
    { method: 'POST', path: '/logout', headers: FORM, body: Buffer.from(''), summary: 'logout' },
    {
      method: 'POST',
      path: '/contact',
      headers: FORM,
      body: Buffer.from(form({ contactName: 'N', contactEmail: 'n@example.com', contactMessage: 'Hi' })),
      summary: 'contact',
    },
    { method: 'POST', path: '/api/cart/quote', headers: { 'content-type': 'application/json' }, body: Buffer.from('{"items":[]}'), summary: 'quote' },
    {
      method: 'POST',
      path: '/checkout',
      headers: FORM,
      body: Buffer.from(form({ items: JSON.stringify([{ FBUID: 'unidrone-e900', productCount: 1 }]) })),
      summary: 'checkout',
    },
    { method: 'POST', path: '/checkout/delivery', headers: FORM, body: Buffer.from(form(DELIVERY)), summary: 'delivery step' },
    {
      method: 'POST',
      path: '/api/uploads',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: multipart('x', [{ name: 'file', filename: 'a.png', type: 'image/png', content: 'x' }]),
      summary: 'upload',
    },
    { method: 'POST', path: '/api/stripe-product', headers: FORM, body: Buffer.from(form({ STUPID: 'prod_1' })), summary: 'stripe product' },
    { method: 'POST', path: '/api/auth/sign-out', headers: { 'content-type': 'application/json' }, body: Buffer.from('{}'), summary: 'better-auth sign-out' },
  ]
  const before = await snapshot()
  const notRefused: string[] = []
  for (const probe of writes) {
    for (const fetchSite of [undefined, 'cross-site', 'same-site', 'none']) {
      const outcome = await sendRaw(
        { ...probe, headers: { ...probe.headers, origin: 'null', ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) } },
        probed.staffCookie,
      )
      if (outcome.status !== 403) notRefused.push(`${probe.path} with Sec-Fetch-Site ${fetchSite ?? '(none)'} → ${outcome.status}`)
    }
  }
  expect(notRefused).toEqual([])
  expect(await snapshot(), 'nothing stored changed').toEqual(before)
  // The browser's own word that the request is same-origin lets it through.
  const sameOrigin = await sendRaw({ ...writes[2]!, headers: { ...writes[2]!.headers, origin: 'null', 'sec-fetch-site': 'same-origin' } }, null)
  expect(sameOrigin.status).toBe(200)

  // The shop's log reaches this process a moment after the answers.
  const refusals = () =>
    probed.shop
      .output()
      .slice(logStart)
      .split('\n')
      .filter((line) => line.includes('write from a foreign origin refused')).length
  await expect.poll(refusals, { message: 'one warning line per refusal' }).toBe(writes.length * 4)
  expect(probed.shop.output().slice(logStart), 'no error lines, no stacks').not.toMatch(/"level":(50|60)|"stack"/)
})

test('odd but harmless input: non-Latin-1 return paths, NUL and broken characters in JSON values, a product named like a staff page', async () => {
  const before = await snapshot()
  // A return path with characters a Location header cannot hold is encoded; the session survives.
  for (const path of [
    '/login?redirectTo=/%E6%97%A5%E6%9C%AC',
    '/login?redirectTo=%E2%80%A8',
    '/auth/continue?redirectTo=/%E6%97%A5%E6%9C%AC',
    '/auth/continue?redirectTo=%E2%80%A8',
    '/auth/continue?redirectTo=/client.data',
  ]) {
    const outcome = await sendRawWithHeaders({ method: 'GET', path, summary: '' }, probed.staffCookie)
    expect(outcome.status, path).toBeLessThan(500)
    expect(outcome.setCookie.join(), `${path} keeps the session`).not.toMatch(/session_token=;|Max-Age=0/)
    if (outcome.status === 302) expect(outcome.location, path).toMatch(/^\/(%E6%97%A5%E6%9C%AC|staff|client|program)?$/)
  }
  const login = await sendRawWithHeaders(
    {
      method: 'POST',
      path: '/login',
      headers: { ...FORM, origin: ORIGIN },
      body: Buffer.from(form({ email: probed.staff.email, password: 'wrong password 0', intent: 'login', redirectTo: '/日本' })),
      summary: '',
    },
    null,
  )
  expect(login.status).toBeLessThan(500)

  // JSON values with a NUL or a lone surrogate: 400, with the field named.
  const json = (value: unknown) => ({ headers: { 'content-type': 'application/json', origin: ORIGIN }, body: Buffer.from(JSON.stringify(value)) })
  const nameWithNul = await sendRaw({ method: 'POST', path: '/api/auth/update-user', ...json({ name: 'Staff\u0000' }), summary: '' }, probed.staffCookie)
  expect([nameWithNul.status, JSON.parse(nameWithNul.text).message]).toEqual([
    400,
    'name: Contains characters that cannot be stored (a NUL or a broken character).',
  ])
  const surrogate = Buffer.from('{"name":"Staff \\ud800"}')
  const nameWithSurrogate = await sendRaw(
    { method: 'POST', path: '/api/auth/update-user', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: surrogate, summary: '' },
    probed.staffCookie,
  )
  expect(nameWithSurrogate.status).toBe(400)

  const product = (fields: Record<string, unknown>) => ({
    ...blankProductForm,
    productName: 'Odd Gimbal',
    STUPID: 'prod_odd',
    productCategory: 'cameras',
    ...fields,
  })
  for (const [fields, message] of [
    [{ productName: 'Odd\u0000Gimbal' }, 'cannot be stored'],
    [{ productFeatures: [{ value: 'ok', label: '\ud800', description: '' }] }, 'cannot be stored'],
    [{ productName: 'Create' }, 'address of a staff page'],
  ] as const) {
    const outcome = await sendRaw(
      {
        method: 'POST',
        path: '/product/create',
        headers: { ...FORM, origin: ORIGIN },
        body: Buffer.from(form({ product: JSON.stringify(product(fields)) })),
        summary: '',
      },
      probed.staffCookie,
    )
    expect(outcome.status, JSON.stringify(fields)).toBe(400)
    expect(outcome.text, JSON.stringify(fields)).toContain(message)
  }
  expect(await snapshot(), 'nothing stored changed').toEqual(before)
})

/** sendRaw that also answers the Location and Set-Cookie headers. */
function sendRawWithHeaders(probe: Probe, cookie: string | null): Promise<{ status: number; location: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host: `localhost:${PORT}`, connection: 'close', ...probe.headers }
    if (cookie) headers.cookie = cookie
    if (probe.body) headers['content-length'] = probe.body.length
    const req = httpRequest({ host: '127.0.0.1', port: PORT, method: probe.method, path: probe.path, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ''), setCookie: res.headers['set-cookie'] ?? [] }))
    })
    req.on('error', reject)
    req.end(probe.body)
  })
}
