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
