import { describe, expect, it } from 'vitest'
import { slugify } from './slug'

describe('product ids from names', () => {
  it.each([
    ['UniDrone E900', 'unidrone-e900'],
    ['  UniCam Z10 Zoom Gimbal Camera  ', 'unicam-z10-zoom-gimbal-camera'],
    ['UniProp 22×7.8 Carbon (pair)', 'uniprop-22-7-8-carbon-pair'],
    ['--Leading & trailing junk!!', 'leading-trailing-junk'],
    ['Caméra Thermique', 'camera-thermique'],
    ['A   B\t\nC', 'a-b-c'],
    ['ALLCAPS123', 'allcaps123'],
  ])('%j becomes %j', (name, id) => {
    expect(slugify(name)).toBe(id)
  })

  it('gives an empty id for a name without letters or digits', () => {
    expect(slugify(' — !! ')).toBe('')
  })
})
