import { describe, expect, it } from 'vitest'
import { replyContent, replyGreeting } from './enquiries'

const name = 'Ada Lovelace'

describe('what a staff reply says', () => {
  it('is nothing when the message is only the greeting the form starts with, however it is spaced or cased', () => {
    expect(replyContent(`${replyGreeting(name)}\n\n`, name)).toBe('')
    expect(replyContent('  dear   ada lovelace ', name)).toBe('')
    expect(replyContent('', name)).toBe('')
    expect(replyContent('\r\n  \r\n', name)).toBe('')
  })

  it('is nothing when only a greeting and a sign-off with a signature are left', () => {
    expect(replyContent('Hi Ada,\n\nKind regards,\nSam\nUniDrone Robotics', name)).toBe('')
    expect(replyContent('Hello there!\n\nThanks', name)).toBe('')
    expect(replyContent('Good morning Ada\nCheers', name)).toBe('')
  })

  it('is the answer between them', () => {
    expect(replyContent('Dear Ada Lovelace,\n\nYes: 12 in stock.\n\nKind regards,\nSam', name)).toBe('Yes: 12 in stock.')
    expect(replyContent('Yes.', name)).toBe('Yes.')
  })

  it('keeps a first line that greets and then answers', () => {
    expect(replyContent('Hi Ada, yes we ship to Hobart.', name)).toBe('Hi Ada, yes we ship to Hobart.')
    expect(replyContent('Hi Ada yes we ship', name)).toBe('Hi Ada yes we ship')
    expect(replyContent('Hello, the E900 ships from Brisbane.', name)).toBe('Hello, the E900 ships from Brisbane.')
  })

  it('keeps a long last paragraph that merely starts like a sign-off', () => {
    expect(replyContent('Dear Ada,\n\nThanks to the new stock, the T2 ships this week.', name)).toBe('Thanks to the new stock, the T2 ships this week.')
  })
})
