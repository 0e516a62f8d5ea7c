import { describe, expect, it } from 'vitest'
import { readableTotpUri } from './totp-uri'

describe('the authenticator address', () => {
  it('spells spaces in the issuer as %20, which apps show as spaces, and keeps the rest', () => {
    expect(readableTotpUri('otpauth://totp/UniDrone%20Robotics:a%2Bb%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=UniDrone+Robotics&digits=6&period=30')).toBe(
      'otpauth://totp/UniDrone%20Robotics:a%2Bb%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=UniDrone%20Robotics&digits=6&period=30',
    )
  })
})
