import { describe, expect, it } from 'vitest'
import { pageWindow } from './page-links'

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1])
    expect(pageWindow(2, 3)).toEqual([1, 2, 3])
  })

  it('shows the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageWindow(1, 84)).toEqual([1, 2, null, 84])
    expect(pageWindow(40, 84)).toEqual([1, null, 39, 40, 41, null, 84])
    expect(pageWindow(84, 84)).toEqual([1, null, 83, 84])
    expect(pageWindow(3, 84)).toEqual([1, 2, 3, 4, null, 84])
  })
})
