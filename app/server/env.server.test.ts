import { describe, expect, it } from 'vitest'
import { isValidAbn } from '../lib/abn'
import { ConfigError, parseEnv } from './env.server'

describe('configuration', () => {
  it('starts with demo defaults when nothing is set', () => {
    const config = parseEnv({})
    expect(config.PORT).toBe(3000)
    expect(config.DATA_DIR).toBe('./data')
    expect(config.DATABASE_URL).toBeUndefined()
    expect(isValidAbn(config.SHOP_ABN)).toBe(true)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db/shop' }, 'DATABASE_URL'],
    [{ SHOP_EMAIL: 'not an address' }, 'SHOP_EMAIL'],
    [{ SHOP_ABN: '12 345 678 901' }, 'SHOP_ABN'],
    [{ PUBLIC_URL: 'ftp://shop.example' }, 'PUBLIC_URL'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'two' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2' }, 'WEB_CONCURRENCY'],
    [{ NODE_ENV: 'production' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.example' }, 'PUBLIC_URL'],
    [{ NODE_ENV: 'production', PUBLIC_URL: 'http://192.0.2.7:3000' }, 'PUBLIC_URL'],
    [{ S3_BUCKET: 's3://shop-images' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'shop-images/products' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'x' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'shop-images', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'shop-images', S3_FORCE_PATH_STYLE: 'yes please' }, 'S3_FORCE_PATH_STYLE'],
    [{ S3_BUCKET: 'shop-images', S3_PREFIX: '/media/' }, 'S3_PREFIX'],
    [{ S3_BUCKET: 'shop-images', S3_REGION: 'Sydney' }, 'S3_REGION'],
    [{ S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'shop-images', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ENDPOINT'],
    [{ S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_REGION: 'eu-west-1' }, 'S3_REGION'],
    [{ S3_PREFIX: 'shop/' }, 'S3_PREFIX'],
    [{ S3_FORCE_PATH_STYLE: 'true' }, 'S3_FORCE_PATH_STYLE'],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` }, 'METRICS_TOKEN'],
    [{ METRICS_PORT: 'nine thousand' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT'],
    [{ PORT: '3650', METRICS_PORT: '3650' }, 'METRICS_PORT'],
  ])('a bad value %j stops the start with one line naming %s', (source, variable) => {
    expect(() => parseEnv(source)).toThrow(ConfigError)
    try {
      parseEnv(source)
    } catch (error) {
      const message = (error as Error).message
      expect(message.startsWith(`Configuration error: ${variable} `)).toBe(true)
      expect(message).not.toContain('\n')
    }
  })

  it('in production takes an https PUBLIC_URL, or http on this machine only; the demo needs none', () => {
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).PUBLIC_URL).toBe('https://shop.example')
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' }).PUBLIC_URL).toBe('http://localhost:3000')
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined()
  })

  it('asks staff for a second factor in production, and offers it in the demo', () => {
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' }).STAFF_TWO_FACTOR).toBe('required')
    expect(parseEnv({}).STAFF_TWO_FACTOR).toBe('optional')
    expect(parseEnv({ STAFF_TWO_FACTOR: 'required' }).STAFF_TWO_FACTOR).toBe('required')
  })

  it('runs several processes only on PostgreSQL', () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1)
    expect(parseEnv({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/shop' }).WEB_CONCURRENCY).toBe(4)
  })

  it('keeps image files in the database unless S3_BUCKET is set', () => {
    const config = parseEnv({})
    expect(config.S3_BUCKET).toBeUndefined()
    expect(parseEnv({ S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: ' ' }).S3_BUCKET).toBeUndefined()
  })

  it('takes a bucket alone (AWS, default credentials) or with a full set of S3 settings', () => {
    const aws = parseEnv({ S3_BUCKET: 'shop-images' })
    expect(aws).toMatchObject({ S3_BUCKET: 'shop-images', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false, S3_PREFIX: 'media/' })
    expect([aws.S3_ENDPOINT, aws.S3_ACCESS_KEY_ID, aws.S3_SECRET_ACCESS_KEY]).toEqual([undefined, undefined, undefined])
    expect(
      parseEnv({
        S3_BUCKET: 'shop-images',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'auto',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'shop/images/',
      }),
    ).toMatchObject({
      S3_BUCKET: 'shop-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'shop/images/',
    })
    expect(parseEnv({ S3_BUCKET: 'shop-images', S3_FORCE_PATH_STYLE: '0' }).S3_FORCE_PATH_STYLE).toBe(false)
  })

  it('says why a half S3 configuration is refused', () => {
    expect(() => parseEnv({ S3_BUCKET: 'shop-images', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      'Configuration error: S3_SECRET_ACCESS_KEY must be set with S3_ACCESS_KEY_ID (or unset both to use the default AWS credentials)',
    )
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'Configuration error: S3_ENDPOINT is set but S3_BUCKET is not (set S3_BUCKET to keep image files in object storage, or unset this)',
    )
  })

  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT is set', () => {
    for (const config of [parseEnv({}), parseEnv({ METRICS_TOKEN: '', METRICS_PORT: ' ' })]) {
      expect([config.METRICS_TOKEN, config.METRICS_PORT]).toEqual([undefined, undefined])
    }
    const token = 'a'.repeat(32)
    expect(parseEnv({ METRICS_TOKEN: token, METRICS_PORT: '9464' })).toMatchObject({ METRICS_TOKEN: token, METRICS_PORT: 9464 })
    expect(() => parseEnv({ METRICS_TOKEN: 'a'.repeat(31) })).toThrow('Configuration error: METRICS_TOKEN must be at least 32 characters')
  })

  it('treats an empty DATABASE_URL as unset', () => {
    expect(parseEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
  })
})

describe('ABN checksum', () => {
  it('accepts valid ABNs with or without spaces and refuses others', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true)
    expect(isValidAbn('51824753556')).toBe(true)
    expect(isValidAbn('51 824 753 557')).toBe(false)
    expect(isValidAbn('5182475355')).toBe(false)
  })
})
