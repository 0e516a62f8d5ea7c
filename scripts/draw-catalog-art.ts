/**
 * Draws the demo catalogue's artwork and manuals from db/seed/catalog.ts:
 *   public/images/products/<id>/<n>.svg   one flat-vector illustration per image entry
 *   public/images/tiles/<name>.svg        800 × 500 hero tiles for the home and /products pages
 *   public/images/use-cases/<name>.svg    600 × 400 scenes for the product pages
 *   public/manuals/<id>.pdf               a small PDF 1.4 user manual per product
 *
 * Run: node scripts/draw-catalog-art.ts (Node 24). Only node: built-ins. The output is deterministic,
 * so running it twice gives identical files; it overwrites its own files and deletes nothing.
 *
 * The drawings come from a tiny orthographic 3D kit (boxes, cylinders, prisms, planes) whose faces
 * are flat SVG shapes, so one product model gives a front view, an angled view and a close-up.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { ProductFields, ProductItem } from '../app/lib/catalog.ts'
import { slugify } from '../app/lib/slug.ts'
import { demoProducts } from '../db/seed/catalog.ts'

const PUBLIC_DIR = join(import.meta.dirname, '..', 'public')

// ───────────────────────────── numbers and colours ─────────────────────────────

const PI = Math.PI
const rad = (deg: number): number => (deg * PI) / 180

/** A number with at most one decimal, as short as possible. */
function n1(v: number): string {
  const r = Math.round(v * 10) / 10
  return String(r === 0 ? 0 : r)
}
function n3(v: number): string {
  const r = Math.round(v * 1000) / 1000
  return String(r === 0 ? 0 : r)
}

const BRAND = '#174ba8'
const SL = {
  50: '#f8fafc',
  100: '#f1f5f9',
  200: '#e2e8f0',
  300: '#cbd5e1',
  400: '#94a3b8',
  500: '#64748b',
  600: '#475569',
  700: '#334155',
  800: '#1e293b',
  900: '#0f172a',
} as const
const WHITE = '#ffffff'
const INK = '#0b1220'
const COPPER = '#c46a32'
const GOLD = '#d6a531'
const LED_GREEN = '#22c55e'
const ACCENTS = ['#f97316', '#0ea5e9', '#14b8a6', '#e11d48', '#84cc16', '#8b5cf6', '#f59e0b', '#10b981', '#ec4899', '#06b6d4']

function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}
const accentOf = (id: string): string => ACCENTS[hash(id) % ACCENTS.length] ?? '#f97316'

function rgb(hex: string): [number, number, number] {
  const v = parseInt(hex.slice(1), 16)
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
}
/** a → b by t (0 gives a). */
function mix(a: string, b: string, t: number): string {
  const x = rgb(a)
  const y = rgb(b)
  const k = Math.max(0, Math.min(1, t))
  return (
    '#' +
    x
      .map((c, i) =>
        Math.round(c + ((y[i] ?? 0) - c) * k)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  )
}
const light = (c: string, t: number): string => mix(c, WHITE, t)
const dark = (c: string, t: number): string => mix(c, INK, t)

// ───────────────────────────── SVG document ─────────────────────────────

interface Doc {
  defs: string[]
  keys: Map<string, string>
}

/** Registers a definition once per key and returns its id. */
function def(doc: Doc, key: string, make: (id: string) => string): string {
  let id = doc.keys.get(key)
  if (!id) {
    id = `d${doc.keys.size}`
    doc.keys.set(key, id)
    doc.defs.push(make(id))
  }
  return id
}
const uniq = (doc: Doc, make: (id: string) => string): string => def(doc, `u${doc.keys.size}`, make)

/** Size of the drawing being made; 3D pieces entirely outside it are left out. */
const VIEW = { w: 800, h: 800 }
const EMPTY = { d: 0, s: '' }
function outside(pts: readonly P2[], pad: number): boolean {
  const xs = pts.map((p) => p[0])
  const ys = pts.map((p) => p[1])
  return Math.max(...xs) + pad < 0 || Math.min(...xs) - pad > VIEW.w || Math.max(...ys) + pad < 0 || Math.min(...ys) - pad > VIEW.h
}

function svgDoc(w: number, h: number, body: (doc: Doc) => string): string {
  VIEW.w = w
  VIEW.h = h
  const doc: Doc = { defs: [], keys: new Map() }
  const inner = body(doc)
  const defs = doc.defs.length ? `<defs>${doc.defs.join('')}</defs>` : ''
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${defs}${inner}</svg>\n`
}

function stops(list: readonly (readonly [number, string, number?])[]): string {
  return list.map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`).join('')
}
/** A shared linear gradient; x1 y1 x2 y2 in the box of the shape. */
function lgrad(doc: Doc, list: readonly (readonly [number, string, number?])[], dir: readonly [number, number, number, number] = [0, 0, 0, 1]): string {
  const key = `lg${dir.join()}${JSON.stringify(list)}`
  const coords = dir.join() === '0,0,1,0' ? '' : ` x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}"`
  return def(doc, key, (id) => `<linearGradient id="${id}"${coords}>${stops(list)}</linearGradient>`)
}
function rgrad(doc: Doc, list: readonly (readonly [number, string, number?])[], cx = 0.5, cy = 0.5, r = 0.5): string {
  const key = `rg${cx},${cy},${r}${JSON.stringify(list)}`
  return def(doc, key, (id) => `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops(list)}</radialGradient>`)
}
/** Stops of a brushed-metal cylinder lit from the left. */
const metalStops = (c: string): (readonly [number, string])[] => [
  [0, c],
  [0.3, light(c, 0.3)],
  [1, dark(c, 0.42)],
]
const metalX = (doc: Doc, c: string): string => `url(#${lgrad(doc, metalStops(c), [0, 0, 1, 0])})`
const ballFill = (doc: Doc, c: string): string =>
  `url(#${rgrad(
    doc,
    [
      [0, light(c, 0.55)],
      [0.55, c],
      [1, dark(c, 0.35)],
    ],
    0.38,
    0.32,
    0.7,
  )})`

// Small 2D shape helpers (coordinates in whatever space the caller is in).
function R(x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string {
  return `<rect${x ? ` x="${n1(x)}"` : ''}${y ? ` y="${n1(y)}"` : ''} width="${n1(w)}" height="${n1(h)}"${rx ? ` rx="${n1(rx)}"` : ''} fill="${fill}"${extra}/>`
}
function C(x: number, y: number, r: number, fill: string, extra = ''): string {
  return `<circle${x ? ` cx="${n1(x)}"` : ''}${y ? ` cy="${n1(y)}"` : ''} r="${n1(r)}" fill="${fill}"${extra}/>`
}
function E(x: number, y: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${n1(x)}" cy="${n1(y)}" rx="${n1(rx)}" ry="${n1(ry)}" fill="${fill}"${extra}/>`
}
const P = (d: string, fill: string, extra = ''): string => `<path d="${d}" fill="${fill}"${extra}/>`
const G = (transform: string, inner: string, extra = ''): string => `<g transform="${transform}"${extra}>${inner}</g>`
const poly = (pts: readonly (readonly [number, number])[]): string => 'M' + pts.map((p) => `${n1(p[0])} ${n1(p[1])}`).join('L') + 'Z'

// ───────────────────────────── a tiny orthographic 3D kit ─────────────────────────────

type V3 = readonly [number, number, number]
type P2 = readonly [number, number]
const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
const mul = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k]
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
const len3 = (a: V3): number => Math.hypot(a[0], a[1], a[2])
const unit = (a: V3): V3 => mul(a, 1 / (len3(a) || 1))

/** Camera: R screen right, U screen up, D towards the viewer, L light direction (all world). */
interface Cam {
  R: V3
  U: V3
  D: V3
  L: V3
  s: number
  cx: number
  cy: number
}

/** yaw > 0 shows more of the object's right (+x) side; pitch > 0 looks down from above. */
function camera(yaw: number, pitch: number, s: number, cx = 400, cy = 400): Cam {
  const y = rad(yaw)
  const p = rad(pitch)
  const D: V3 = [Math.sin(y) * Math.cos(p), Math.sin(p), Math.cos(y) * Math.cos(p)]
  const Rv: V3 = [Math.cos(y), 0, -Math.sin(y)]
  const U = cross(D, Rv)
  const L = unit(add(add(mul(Rv, -0.45), mul(U, 0.75)), mul(D, 0.5)))
  return { R: Rv, U, D, L, s, cx, cy }
}
/** A camera that puts the world point `target` at screen point (sx, sy). */
function camAt(yaw: number, pitch: number, s: number, target: V3, sx = 400, sy = 400): Cam {
  const c = camera(yaw, pitch, s, 0, 0)
  const q = scr(c, target)
  return { ...c, cx: sx - q[0], cy: sy - q[1] }
}
const scr = (c: Cam, p: V3): P2 => [c.cx + c.s * dot(p, c.R), c.cy - c.s * dot(p, c.U)]
const lin = (c: Cam, v: V3): P2 => [c.s * dot(v, c.R), -c.s * dot(v, c.U)]
const dep = (c: Cam, p: V3): number => dot(p, c.D)
const pt = (p: P2): string => `${Math.round(p[0])} ${Math.round(p[1])}`
const polyS = (pts: readonly P2[]): string => 'M' + pts.map(pt).join('L') + 'Z'

function mat(c: Cam, o: V3, u: V3, v: V3): string {
  const a = lin(c, u)
  const b = lin(c, v)
  const e = scr(c, o)
  return `matrix(${n3(a[0])} ${n3(a[1])} ${n3(b[0])} ${n3(b[1])} ${Math.round(e[0])} ${Math.round(e[1])})`
}

/** Flat shading of a face colour by its normal. */
function shade(c: Cam, color: string, n: V3): string {
  const b = dot(unit(n), c.L)
  return b > 0.5 ? light(color, Math.min(0.4, (b - 0.5) * 0.8)) : dark(color, Math.min(0.55, (0.5 - b) * 0.42))
}

/** A local coordinate frame: origin and axes in world space. */
interface Frame {
  o: V3
  x: V3
  y: V3
  z: V3
}
const WORLD: Frame = { o: [0, 0, 0], x: [1, 0, 0], y: [0, 1, 0], z: [0, 0, 1] }
const fv = (f: Frame, v: V3): V3 => add(add(mul(f.x, v[0]), mul(f.y, v[1])), mul(f.z, v[2]))
const fp = (f: Frame, p: V3): V3 => add(f.o, fv(f, p))
/** Moves a frame's origin to a local point. */
const at = (f: Frame, p: V3): Frame => ({ ...f, o: fp(f, p) })
/** rotX: nose (+z) down for positive degrees; rotY: +z turns towards +x; rotZ: roll, +x goes down. */
function rot(f: Frame, axis: 'x' | 'y' | 'z', deg: number): Frame {
  const c = Math.cos(rad(deg))
  const s = Math.sin(rad(deg))
  if (axis === 'x') return { o: f.o, x: f.x, y: add(mul(f.y, c), mul(f.z, s)), z: sub(mul(f.z, c), mul(f.y, s)) }
  if (axis === 'y') return { o: f.o, y: f.y, z: add(mul(f.z, c), mul(f.x, s)), x: sub(mul(f.x, c), mul(f.z, s)) }
  return { o: f.o, z: f.z, x: sub(mul(f.x, c), mul(f.y, s)), y: add(mul(f.y, c), mul(f.x, s)) }
}

/** A drawable piece with the depth used for painter's sorting. */
interface Prim {
  d: number
  s: string
}
const render = (prims: Prim[]): string =>
  prims
    .slice()
    .sort((a, b) => a.d - b.d)
    .map((p) => p.s)
    .join('')

type FaceName = 'front' | 'back' | 'left' | 'right' | 'top' | 'bottom'
/** Draws on a face in its own 2D coordinates: (0,0) top-left, (w,h) bottom-right; col is the shaded face colour. */
type Detail = (w: number, h: number, col: string) => string

interface BoxOpt {
  faces?: Partial<Record<FaceName, Detail>>
  /** Per-face base colour overrides. */
  colors?: Partial<Record<FaceName, string>>
  bias?: number
  rx?: number
}

function box(c: Cam, f: Frame, ctr: V3, size: V3, color: string, o: BoxOpt = {}): Prim {
  const [w, h, d] = [size[0] / 2, size[1] / 2, size[2] / 2]
  const corners: P2[] = []
  for (const sx of [-w, w]) for (const sy of [-h, h]) for (const sz of [-d, d]) corners.push(scr(c, fp(f, add(ctr, [sx, sy, sz]))))
  if (outside(corners, 2)) return EMPTY
  const faces: [FaceName, V3, V3, V3, V3, number, number][] = [
    ['front', [0, 0, 1], [-w, h, d], [1, 0, 0], [0, -1, 0], size[0], size[1]],
    ['back', [0, 0, -1], [w, h, -d], [-1, 0, 0], [0, -1, 0], size[0], size[1]],
    ['right', [1, 0, 0], [w, h, d], [0, 0, -1], [0, -1, 0], size[2], size[1]],
    ['left', [-1, 0, 0], [-w, h, -d], [0, 0, 1], [0, -1, 0], size[2], size[1]],
    ['top', [0, 1, 0], [-w, h, -d], [1, 0, 0], [0, 0, 1], size[0], size[2]],
    ['bottom', [0, -1, 0], [-w, -h, d], [1, 0, 0], [0, 0, -1], size[0], size[2]],
  ]
  let out = ''
  for (const [name, n, corner, u, v, fw, fh] of faces) {
    const nw = fv(f, n)
    if (dot(nw, c.D) < 0.02) continue
    const col = shade(c, o.colors?.[name] ?? color, nw)
    const ow = fp(f, add(ctr, corner))
    const uw = fv(f, u)
    const vw = fv(f, v)
    const detail = o.faces?.[name]
    if (!detail && !o.rx) {
      const q = [ow, add(ow, mul(uw, fw)), add(add(ow, mul(uw, fw)), mul(vw, fh)), add(ow, mul(vw, fh))].map((p) => scr(c, p))
      out += P(polyS(q), col)
    } else {
      out += G(mat(c, ow, uw, vw), R(0, 0, fw, fh, col, o.rx ?? 0) + (detail ? detail(fw, fh, col) : ''))
    }
  }
  return { d: dep(c, fp(f, ctr)) + (o.bias ?? 0), s: out }
}

interface CylOpt {
  /** Details on the end cap at base + axis·len, drawn in the cap plane centred on 0,0. */
  cap?: (r: number) => string
  capColor?: string
  /** Cap plane axes (local); default: x and z for a vertical axis. */
  u?: V3
  v?: V3
  bias?: number
  flat?: boolean
  /** Draw no end cap (open tube seen from the side). */
  noCap?: boolean
}

function cyl(doc: Doc, c: Cam, f: Frame, base: V3, axis: V3, length: number, r: number, color: string, o: CylOpt = {}): Prim {
  const al = unit(axis)
  const ul: V3 = o.u ?? (Math.abs(al[1]) > 0.9 ? [1, 0, 0] : unit(cross([0, 1, 0], al)))
  const vl: V3 = o.v ?? cross(ul, al)
  const a = fv(f, al)
  const u = fv(f, ul)
  const v = fv(f, vl)
  const c0 = fp(f, base)
  const c1 = add(c0, mul(a, length))
  const facing = dot(a, c.D)
  const nearW = facing >= 0 ? c1 : c0
  const farW = facing >= 0 ? c0 : c1
  const N = scr(c, nearW)
  const F = scr(c, farW)
  const m1 = lin(c, u)
  const m2 = lin(c, v)
  const pa: P2 = [N[0] - F[0], N[1] - F[1]]
  const pl = Math.hypot(pa[0], pa[1])
  if (outside([N, F], r * c.s * 1.05)) return EMPTY
  const dpt = dep(c, mul(add(c0, c1), 0.5)) + (o.bias ?? 0)
  if (r * c.s < 7 && !o.cap && pl > 0.6) {
    // Thin rod: one round-capped stroke.
    const col = shade(c, color, add(sub(c.D, mul(a, dot(a, c.D))), mul(c.L, 0.6)))
    return { d: dpt, s: P(`M${pt(F)}L${pt(N)}`, 'none', ` stroke="${col}" stroke-width="${n1(2 * r * c.s)}" stroke-linecap="round"`) }
  }
  let out = ''
  if (pl > 0.6) {
    const nh: P2 = [-pa[1] / pl, pa[0] / pl]
    const t0 = m1[0] * nh[0] + m1[1] * nh[1]
    const t1 = m2[0] * nh[0] + m2[1] * nh[1]
    const tl = Math.hypot(t0, t1) || 1
    const p: P2 = [((m1[0] * t0 + m2[0] * t1) * r) / tl, ((m1[1] * t0 + m2[1] * t1) * r) / tl]
    const A = m1[0] ** 2 + m2[0] ** 2
    const B = m1[0] * m1[1] + m2[0] * m2[1]
    const Cc = m1[1] ** 2 + m2[1] ** 2
    const mid = (A + Cc) / 2
    const dd = Math.sqrt(((A - Cc) / 2) ** 2 + B * B)
    const rx = r * Math.sqrt(mid + dd)
    const ry = r * Math.sqrt(Math.max(0, mid - dd))
    const ang = (0.5 * Math.atan2(2 * B, A - Cc) * 180) / PI
    const sweep = (q: P2, b: P2): number => (-q[1] * b[0] + q[0] * b[1] > 0 ? 1 : 0)
    const sN = sweep(p, pa)
    const sF = sweep([-p[0], -p[1]], [-pa[0], -pa[1]])
    const arc = `A${n1(rx)} ${n1(ry)} ${n1(ang)} 0 `
    const d =
      `M${pt([F[0] + p[0], F[1] + p[1]])}L${pt([N[0] + p[0], N[1] + p[1]])}${arc}${sN} ${pt([N[0] - p[0], N[1] - p[1]])}` +
      `L${pt([F[0] - p[0], F[1] - p[1]])}${arc}${sF} ${pt([F[0] + p[0], F[1] + p[1]])}Z`
    let fill: string
    if (o.flat || r * c.s < 12) {
      fill = shade(c, color, add(sub(c.D, mul(a, dot(a, c.D))), mul(c.L, 0.6)))
    } else if (Math.abs(pa[0]) < 0.2 * pl) {
      fill = metalX(doc, color)
    } else if (r * c.s < 20) {
      fill = shade(c, color, add(sub(c.D, mul(a, dot(a, c.D))), mul(c.L, 0.6)))
    } else {
      // A gradient across the tube, lit from the upper left.
      const hw: P2 = [nh[0] * r * tl, nh[1] * r * tl]
      const sg = hw[0] + hw[1] > 0 ? -1 : 1
      const m: P2 = [(N[0] + F[0]) / 2, (N[1] + F[1]) / 2]
      const tpl = def(doc, `mt${color}`, (id) => `<linearGradient id="${id}">${stops(metalStops(color))}</linearGradient>`)
      const gid = uniq(
        doc,
        (id) =>
          `<linearGradient id="${id}" xlink:href="#${tpl}" gradientUnits="userSpaceOnUse" x1="${n1(m[0] + sg * hw[0])}" y1="${n1(m[1] + sg * hw[1])}" x2="${n1(m[0] - sg * hw[0])}" y2="${n1(m[1] - sg * hw[1])}"/>`,
      )
      fill = `url(#${gid})`
    }
    out += P(d, fill)
  }
  if (!o.noCap) {
    const capCol = shade(c, o.capColor ?? color, facing >= 0 ? a : mul(a, -1))
    out += G(mat(c, nearW, u, v), C(0, 0, r, capCol) + (facing >= 0 && o.cap ? o.cap(r) : ''))
  }
  return { d: dpt, s: out }
}

/** A round tube between two local points. */
function tube(doc: Doc, c: Cam, f: Frame, p0: V3, p1: V3, r: number, color: string, o: CylOpt = {}): Prim {
  const d = sub(p1, p0)
  return cyl(doc, c, f, p0, d, len3(d), r, color, o)
}

/** A vertical prism: convex polygon (x, z) extruded from base by h along local y. */
function prism(doc: Doc, c: Cam, f: Frame, base: V3, shape: readonly P2[], h: number, side: string, top: string, detail = '', bias = 0): Prim {
  const pts: P2[] = []
  for (const [x, z] of shape) {
    pts.push(scr(c, fp(f, add(base, [x, 0, z]))), scr(c, fp(f, add(base, [x, h, z]))))
  }
  if (outside(pts, 2)) return EMPTY
  let out = P(polyS(hull(pts)), metalX(doc, side))
  const up = fv(f, [0, 1, 0])
  if (dot(up, c.D) > 0.02) {
    out += G(mat(c, fp(f, add(base, [0, h, 0])), f.x, f.z), P(poly(shape), shade(c, top, up)) + detail)
  }
  return { d: dep(c, fp(f, add(base, [0, h / 2, 0]))) + bias, s: out }
}

function hull(points: P2[]): P2[] {
  const p = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const crossZ = (o: P2, a: P2, b: P2): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
  const lower: P2[] = []
  for (const q of p) {
    while (lower.length >= 2 && crossZ(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop()
    lower.push(q)
  }
  const upper: P2[] = []
  for (const q of p.reverse()) {
    while (upper.length >= 2 && crossZ(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop()
    upper.push(q)
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1))
}

/** 2D drawing placed in a 3D plane (origin o, axes u and v, local). */
function plane(c: Cam, f: Frame, o: V3, u: V3, v: V3, svg: string, bias = 0, extent = 0): Prim {
  const ow = fp(f, o)
  if (extent && outside([scr(c, ow)], extent * c.s)) return EMPTY
  return { d: dep(c, ow) + bias, s: G(mat(c, ow, fv(f, u), fv(f, v)), svg) }
}
function ball(doc: Doc, c: Cam, f: Frame, p: V3, r: number, color: string, bias = 0): Prim {
  const q = scr(c, fp(f, p))
  if (outside([q], r * c.s)) return EMPTY
  return { d: dep(c, fp(f, p)) + bias, s: C(Math.round(q[0]), Math.round(q[1]), r * c.s, r * c.s < 7 ? color : ballFill(doc, color)) }
}
/** A smooth cable through local points. */
function wire(c: Cam, f: Frame, pts: readonly V3[], color: string, w: number, bias = 0): Prim {
  const q = pts.map((p) => scr(c, fp(f, p)))
  if (outside(q, w * c.s)) return EMPTY
  let d = `M${pt(q[0]!)}`
  for (let i = 1; i < q.length - 1; i++) {
    const a = q[i]!
    const b = q[i + 1]!
    const end: P2 = i === q.length - 2 ? b : [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]
    d += `Q${pt(a)} ${pt(end)}`
  }
  if (q.length === 2) d += `L${pt(q[1]!)}`
  return { d: dep(c, fp(f, pts[0]!)) + bias, s: P(d, 'none', ` stroke="${color}" stroke-width="${n1(w * c.s)}" stroke-linecap="round"`) }
}
const roundSquare = (half: number, r: number, steps = 4): P2[] => {
  const out: P2[] = []
  const corners: [number, number, number][] = [
    [half - r, half - r, 0],
    [-(half - r), half - r, 90],
    [-(half - r), -(half - r), 180],
    [half - r, -(half - r), 270],
  ]
  for (const [cx, cz, a0] of corners) {
    for (let i = 0; i <= steps; i++) {
      const a = rad(a0 + (90 * i) / steps)
      out.push([cx + r * Math.cos(a), cz + r * Math.sin(a)])
    }
  }
  return out
}
const ngon = (n: number, r: number, startDeg = 0): P2[] =>
  Array.from({ length: n }, (_, i) => [r * Math.sin(rad(startDeg + (360 * i) / n)), r * Math.cos(rad(startDeg + (360 * i) / n))] as const)

// ───────────────────────────── backgrounds ─────────────────────────────

/** Soft studio backdrop; the variant changes colour and composition so carousel images differ. */
function studio(doc: Doc, w: number, h: number, accent: string, variant: number): string {
  if (variant === 1) {
    const g = lgrad(
      doc,
      [
        [0, '#f3f7fd'],
        [1, '#d9e4f5'],
      ],
      [0, 0, 1, 1],
    )
    const dots = def(
      doc,
      'dots',
      (id) => `<pattern id="${id}" width="28" height="28" patternUnits="userSpaceOnUse">${C(14, 14, 1.6, BRAND, ' opacity=".16"')}</pattern>`,
    )
    return (
      R(0, 0, w, h, `url(#${g})`) +
      R(0, 0, w, h, `url(#${dots})`) +
      G(`rotate(45 ${w * 0.5} ${h * 0.5})`, R(w * 0.2, h * 0.2, w * 0.6, h * 0.6, WHITE, 70, ' opacity=".55"')) +
      C(w * 0.12, h * 0.86, w * 0.1, light(accent, 0.55), ' opacity=".5"')
    )
  }
  if (variant === 2) {
    const g = lgrad(
      doc,
      [
        [0, light(accent, 0.86)],
        [1, light(accent, 0.66)],
      ],
      [0, 0, 1, 1],
    )
    const glow = rgrad(doc, [
      [0, WHITE, 0.9],
      [1, WHITE, 0],
    ])
    return (
      R(0, 0, w, h, `url(#${g})`) +
      C(w * 0.5, h * 0.5, w * 0.5, `url(#${glow})`) +
      C(w * 0.88, h * 0.12, w * 0.16, WHITE, ' opacity=".35"') +
      C(w * 0.08, h * 0.9, w * 0.12, accent, ' opacity=".12"')
    )
  }
  const g = lgrad(doc, [
    [0, SL[50]],
    [1, mix(SL[200], accent, 0.08)],
  ])
  return (
    R(0, 0, w, h, `url(#${g})`) +
    C(w * 0.5, h * 0.47, w * 0.36, light(accent, 0.86)) +
    C(w * 0.82, h * 0.2, w * 0.09, light(accent, 0.7), ' opacity=".6"') +
    C(w * 0.16, h * 0.78, w * 0.05, BRAND, ' opacity=".08"')
  )
}
function shadow(doc: Doc, cx: number, cy: number, rx: number, ry: number, op = 0.3): string {
  if (rx < 20) return ''
  const g = rgrad(doc, [
    [0, SL[900], op],
    [1, SL[900], 0],
  ])
  return E(cx, cy, rx, ry, `url(#${g})`)
}

/** Sky, sun, distant hills and paddocks, for tiles and the E900 in flight. */
function landscape(doc: Doc, w: number, h: number, horizon: number, seed: number): string {
  const sky = lgrad(doc, [
    [0, '#9cc8f0'],
    [0.7, '#dcecfa'],
    [1, '#f4f8fc'],
  ])
  const sun = rgrad(doc, [
    [0, '#fff7d6'],
    [0.5, '#fff2c4', 0.6],
    [1, '#fff2c4', 0],
  ])
  const fieldA = lgrad(doc, [
    [0, '#a9cf7a'],
    [1, '#6aa84f'],
  ])
  const hills =
    P(
      `M0 ${horizon}C${w * 0.18} ${horizon - 40} ${w * 0.3} ${horizon - 34} ${w * 0.45} ${horizon - 12}S${w * 0.75} ${horizon - 50} ${w} ${horizon - 20}V${horizon + 5}H0Z`,
      '#9db8cf',
    ) +
    P(
      `M0 ${horizon + 4}C${w * 0.25} ${horizon - 16} ${w * 0.55} ${horizon - 6} ${w * 0.7} ${horizon - 14}S${w * 0.9} ${horizon - 4} ${w} ${horizon - 8}V${horizon + 10}H0Z`,
      '#87b07a',
    )
  // Paddocks: strips converging to the horizon.
  let fields = R(0, horizon, w, h - horizon, `url(#${fieldA})`)
  const colors = ['#b9d98c', '#8fc06a', '#d8cf8a', '#9fcb76', '#c9dc93', '#7fb35f']
  const vx = w * 0.5
  const cols = 7
  for (let i = 0; i < cols; i++) {
    const c = colors[(i + seed) % colors.length]!
    const x0 = (w * 2.2 * i) / cols - w * 0.6
    const x1 = (w * 2.2 * (i + 1)) / cols - w * 0.6
    const tx0 = vx + (x0 - vx) * 0.18
    const tx1 = vx + (x1 - vx) * 0.18
    fields += P(
      polyS([
        [tx0, horizon + 8],
        [tx1, horizon + 8],
        [x1, h],
        [x0, h],
      ]),
      c,
      ' opacity=".75"',
    )
  }
  // Fence lines across.
  let fence = ''
  for (const t of [0.22, 0.5]) {
    const y = horizon + 8 + (h - horizon) * t
    fence += P(`M0 ${n1(y)}H${w}`, 'none', ` stroke="#6b5a45" stroke-width="${n1(1 + t * 2)}" opacity=".45"`)
  }
  // Trees.
  let trees = ''
  const tree = def(
    doc,
    'tree',
    (id) => `<g id="${id}">${R(-1.2, 0, 2.4, 9, '#6b5a45')}${C(0, -2, 10, '#4f8a45')}${C(5.5, 1, 7.5, '#5d9a4f')}${C(-3, -4.5, 5.5, '#6aa85a')}</g>`,
  )
  const tx = [0.08, 0.14, 0.86, 0.93]
  tx.forEach(
    (t, i) =>
      (trees += `<use xlink:href="#${tree}" transform="translate(${Math.round(w * t)} ${Math.round(horizon + 6 + (i % 2) * 8)}) scale(${i % 2 ? 1.7 : 1.2})"/>`),
  )
  return (
    R(0, 0, w, horizon + 10, `url(#${sky})`) +
    C(w * 0.82, horizon * 0.35, horizon * 0.5, `url(#${sun})`) +
    C(w * 0.82, horizon * 0.35, horizon * 0.12, '#fff8de') +
    P(`M${w * 0.1} ${horizon * 0.3}h${w * 0.12}a14 14 0 0 0-28-10a20 20 0 0 0-36 2a12 12 0 0 0-20 8z`, WHITE, ' opacity=".8"') +
    P(`M${w * 0.5} ${horizon * 0.22}h${w * 0.09}a12 12 0 0 0-24-8a16 16 0 0 0-30 2a10 10 0 0 0-16 6z`, WHITE, ' opacity=".7"') +
    hills +
    fields +
    fence +
    trees
  )
}

// ───────────────────────────── product models ─────────────────────────────

interface Ctx {
  id: string
  accent: string
  view: number
}
type Drawer = (doc: Doc, x: Ctx) => string

const SCREW = SL[400]
const screws = (pts: readonly P2[], r: number, fill: string = SCREW): string => pts.map(([x, y]) => C(x, y, r, fill)).join('')

// ---- Autopilot in a machined case -------------------------------------------------------------

function autopilotBox(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const alu = '#b9c3d1'
  const W = 282
  const H = 64
  const D = 150
  const lid: Detail = (w, h) =>
    R(14, 12, w - 28, h - 24, '#a3aebe', 14) +
    R(14, 12, w - 28, 14, accent, 0, ' opacity=".9"') +
    P(`M${w * 0.56} ${h * 0.58}h-70v-16l-34 30 34 30v-16h70z`, WHITE, ' opacity=".85"') +
    C(w * 0.78, h * 0.44, 6, LED_GREEN) +
    C(w * 0.84, h * 0.44, 6, '#38bdf8') +
    C(w * 0.9, h * 0.44, 6, accent) +
    screws(
      [
        [26, 38],
        [w - 26, 38],
        [26, h - 24],
        [w - 26, h - 24],
      ],
      5,
      SL[500],
    )
  const front: Detail = (w, h) => {
    let s = R(0, h - 8, w, 8, dark(alu, 0.2))
    const widths = [26, 26, 34, 34, 26, 26, 40]
    let x = 16
    for (const cw of widths) {
      s += R(x, 14, cw, 30, SL[800], 4) + R(x + 4, 20, cw - 8, 14, '#475569', 2) + R(x + cw / 2 - 5, 9, 10, 6, SL[700], 1)
      for (let i = 0; i < (cw - 10) / 6; i++) s += R(x + 6 + i * 6, 24, 3, 6, GOLD)
      x += cw + 8
    }
    s += R(w - 40, 20, 22, 10, SL[900], 5)
    return s
  }
  const side: Detail = (w, h) => R(20, h / 2 - 6, 40, 10, SL[800], 3) + R(w - 60, h / 2 - 10, 34, 20, SL[800], 4) + R(w - 56, h / 2 - 5, 26, 8, '#475569', 2)
  return [
    box(c, f, [0, 5, 0], [W + 40, 10, D - 30], dark(alu, 0.1), {
      faces: {
        top: (w, h) =>
          screws(
            [
              [10, h / 2],
              [w - 10, h / 2],
            ],
            5,
            SL[600],
          ),
      },
      bias: -50,
    }),
    box(c, f, [0, 10 + H / 2, 0], [W, H, D], alu, { faces: { top: lid, front, right: side, left: side } }),
  ]
}
const drawAutopilot: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-28, 32, 1.75, [0, 40, 0], 400, 420), sh: [400, 560, 300, 70] },
    { c: camAt(48, 18, 1.55, [0, 40, 0], 400, 430), sh: [400, 530, 290, 60] },
    { c: camAt(-12, 14, 3.6, [-60, 40, 60], 400, 380), sh: [400, 700, 500, 80] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(autopilotBox(doc, v.c, WORLD, x.accent))
}

// ---- Small flight-controller board ------------------------------------------------------------

function boardModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const pcb = '#1f2a3a'
  const S = 250
  const top: Detail = (w, h) => {
    let s = R(6, 6, w - 12, h - 12, '#253348', 14)
    for (const [x, y] of [
      [20, 20],
      [w - 20, 20],
      [20, h - 20],
      [w - 20, h - 20],
    ] as const)
      s += C(x, y, 13, GOLD) + C(x, y, 7, SL[900])
    for (let i = 0; i < 8; i++) {
      s += R(50 + i * 19, 6, 11, 16, GOLD, 2) + R(50 + i * 19, h - 22, 11, 16, GOLD, 2)
    }
    for (let i = 0; i < 6; i++) s += R(6, 60 + i * 22, 16, 12, GOLD, 2) + R(w - 22, 60 + i * 22, 16, 12, GOLD, 2)
    s += P(`M${w / 2 - 12} 44l12-16 12 16z`, accent)
    s += P(`M70 ${h - 60}h40v-30h30M${w - 70} 70h-30v40`, 'none', ` stroke="${SL[500]}" stroke-width="3" opacity=".6"`)
    return s
  }
  const chip = (ctr: V3, size: V3, color: string, mark = ''): Prim =>
    box(c, f, ctr, size, color, { faces: mark ? { top: (w, h) => mark + C(w * 0.18, h * 0.18, Math.min(w, h) * 0.07, SL[600]) } : {} })
  const prims: Prim[] = [
    box(c, f, [0, 4, 0], [S, 8, S], pcb, { faces: { top }, bias: -1000 }),
    chip([0, 14, 6], [78, 12, 78], '#141c29', R(18, 18, 42, 42, '#1b2536', 4)),
    chip([-62, 12, -58], [30, 8, 30], SL[800]),
    chip([62, 12, -58], [30, 8, 30], SL[800]),
    chip([70, 12, 62], [38, 8, 26], SL[700]),
    box(c, f, [-78, 13, 70], [36, 10, 18], '#d9c49a'),
    box(c, f, [-78, 13, 40], [36, 10, 18], '#d9c49a'),
  ]
  // White connectors along the front and back edges.
  for (const z of [-104, 104]) {
    for (const xx of [-50, 10, 62]) {
      prims.push(box(c, f, [xx, 18, z], [44, 22, 20], '#e8ecf1', { faces: { top: (w, h) => R(4, 4, w - 8, h - 8, SL[300], 2) } }))
    }
  }
  return prims
}
const drawBoard: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-18, 62, 1.9, [0, 0, 0], 400, 420), sh: [400, 560, 300, 80] },
    { c: camAt(34, 12, 1.95, [0, 0, 0], 400, 430), sh: [400, 470, 330, 50] },
    { c: camAt(-10, 42, 4.2, [0, 10, 20], 400, 420), sh: [400, 760, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(boardModel(doc, v.c, WORLD, x.accent))
}

// ---- GNSS puck on a mast ------------------------------------------------------------------------

function gnssModel(doc: Doc, c: Cam, f: Frame, accent: string, round: boolean, mastLen: number): Prim[] {
  const prims: Prim[] = []
  const carbon = '#2b3445'
  const topDetail = (scale: number): string =>
    P(`M0 ${-34 * scale}l${22 * scale} ${30 * scale}h${-12 * scale}v${26 * scale}h${-20 * scale}v${-26 * scale}h${-12 * scale}z`, accent) +
    C(0, 34 * scale, 8 * scale, LED_GREEN) +
    C(0, 34 * scale, 14 * scale, LED_GREEN, ' opacity=".25"')
  if (round) {
    const white = '#eef2f7'
    prims.push(cyl(doc, c, f, [0, 0, 0], [0, 1, 0], 16, 92, white))
    prims.push(cyl(doc, c, f, [0, 16, 0], [0, 1, 0], 12, 93, accent))
    prims.push(
      cyl(doc, c, f, [0, 28, 0], [0, 1, 0], 16, 88, white, {
        cap: (r) => C(0, 0, r * 0.86, '#f8fafc') + C(0, 0, r * 0.8, 'none', ` stroke="${SL[200]}" stroke-width="2"`) + topDetail(1.25),
      }),
    )
  } else {
    const shape = roundSquare(62, 20)
    prims.push(prism(doc, c, f, [0, 0, 0], shape, 12, accent, accent))
    prims.push(prism(doc, c, f, [0, 12, 0], roundSquare(60, 18), 26, SL[700], SL[600], P(poly(roundSquare(48, 12)), SL[700]) + topDetail(0.95)))
  }
  if (mastLen > 0) {
    prims.push(tube(doc, c, f, [0, -mastLen, 0], [0, 0, 0], 8, carbon, { bias: -400 }))
    prims.push(cyl(doc, c, f, [0, -16, 0], [0, 1, 0], 16, 26, SL[500], { bias: -390 }))
    prims.push(box(c, f, [0, -mastLen * 0.55, 0], [28, 36, 28], SL[500], { bias: -380 }))
    prims.push(cyl(doc, c, f, [0, -mastLen - 14, 0], [0, 1, 0], 16, 36, SL[500], { bias: -420 }))
    prims.push(box(c, f, [0, -mastLen - 20, 0], [110, 8, 60], SL[600], { bias: -430 }))
  }
  return prims
}
const drawGnss: Drawer = (doc, x) => {
  const round = x.id.includes('rtk')
  const mast = round ? 240 : 150
  const views = [
    { c: camAt(-18, 18, round ? 1.6 : 2.2, [0, -mast / 2 + 10, 0], 400, 420), sh: [400, round ? 715 : 690, 200, 40] },
    { c: camAt(0, 89.9, round ? 2.7 : 3.6, [0, 40, 0], 400, 400), sh: [400, 410, 310, 310] },
    { c: camAt(-10, 50, round ? 5 : 6, [0, 40, 10], 400, 430), sh: [400, 760, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return (
    studio(doc, 800, 800, x.accent, x.view) +
    shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3], x.view === 1 ? 0.2 : 0.3) +
    render(gnssModel(doc, v.c, WORLD, x.accent, round, x.view === 1 ? 0 : mast))
  )
}

// ---- Gimbal cameras -----------------------------------------------------------------------------

type CamKind = 'zoom' | 'thermal' | 'mapping'

function lensCap(kind: 'glass' | 'thermal' | 'small', accent: string): (r: number) => string {
  return (r) => {
    if (kind === 'thermal') {
      return (
        C(0, 0, r * 0.86, '#1a1426') +
        C(0, 0, r * 0.7, '#2a1f3d') +
        C(0, 0, r * 0.5, '#120d1c') +
        P(
          `M${-r * 0.55} ${-r * 0.2}A${r * 0.6} ${r * 0.6} 0 0 1 ${r * 0.1} ${-r * 0.58}`,
          'none',
          ` stroke="#b07bd8" stroke-width="${n1(r * 0.08)}" opacity=".7" stroke-linecap="round"`,
        ) +
        C(r * 0.28, r * 0.3, r * 0.08, '#f59e0b', ' opacity=".7"')
      )
    }
    return (
      C(0, 0, r * 0.9, SL[900]) +
      C(0, 0, r * 0.82, 'none', ` stroke="${accent}" stroke-width="${n1(r * 0.05)}"`) +
      C(0, 0, r * 0.66, '#17324f') +
      C(0, 0, r * 0.44, '#0d1b2e') +
      C(0, 0, r * 0.2, '#2b5d8a') +
      P(
        `M${-r * 0.5} ${-r * 0.12}A${r * 0.52} ${r * 0.52} 0 0 1 ${-r * 0.08} ${-r * 0.5}`,
        'none',
        ` stroke="#9fd0ff" stroke-width="${n1(r * 0.09)}" opacity=".75" stroke-linecap="round"`,
      ) +
      C(r * 0.3, r * 0.26, r * 0.07, WHITE, ' opacity=".5"')
    )
  }
}

/** Camera head in frame f: body centred on the origin, lens pointing +z. Returns prims and the lens centre. */
function cameraHead(doc: Doc, c: Cam, f: Frame, kind: CamKind, accent: string): { prims: Prim[]; lens: V3 } {
  const prims: Prim[] = []
  if (kind === 'zoom') {
    const body = '#e9eef4'
    prims.push(
      box(c, f, [0, 0, 0], [150, 132, 160], body, {
        faces: { left: (w, h) => R(24, h - 30, w - 48, 10, SL[300], 5), right: (w, h) => R(24, h - 30, w - 48, 10, SL[300], 5) },
      }),
    )
    prims.push(cyl(doc, c, f, [0, 0, 80], [0, 0, 1], 40, 56, SL[800]))
    prims.push(cyl(doc, c, f, [0, 0, 120], [0, 0, 1], 10, 58, accent))
    prims.push(cyl(doc, c, f, [0, 0, 130], [0, 0, 1], 14, 55, SL[900], { cap: lensCap('glass', accent) }))
    return { prims, lens: fp(f, [0, 0, 144]) }
  }
  if (kind === 'thermal') {
    const body = '#4b5668'
    prims.push(box(c, f, [0, 0, 0], [170, 120, 140], body, { faces: { front: (w) => R(12, 10, w - 24, 10, accent, 5) } }))
    prims.push(cyl(doc, c, f, [-32, -6, 70], [0, 0, 1], 22, 44, SL[900], { cap: lensCap('thermal', accent) }))
    prims.push(cyl(doc, c, f, [-32, -6, 70], [0, 0, 1], 8, 48, accent))
    prims.push(cyl(doc, c, f, [48, 18, 70], [0, 0, 1], 16, 22, SL[800], { cap: lensCap('glass', accent) }))
    prims.push(ball(doc, c, f, [48, -34, 71], 6, LED_GREEN))
    return { prims, lens: fp(f, [-32, -6, 92]) }
  }
  const body = '#3a4657'
  prims.push(
    box(c, f, [0, 0, 0], [170, 110, 130], body, {
      faces: {
        top: (w, h) => R(14, 14, w - 28, h - 28, dark(body, 0.15), 10) + C(w - 30, 30, 6, LED_GREEN),
        front: (w) => R(14, 10, 40, 8, accent, 4) + R(w - 54, 10, 40, 8, accent, 4),
      },
    }),
  )
  prims.push(cyl(doc, c, f, [0, 0, 65], [0, 0, 1], 22, 54, SL[600]))
  prims.push(cyl(doc, c, f, [0, 0, 87], [0, 0, 1], 26, 48, SL[900], { cap: lensCap('glass', accent) }))
  prims.push(cyl(doc, c, f, [0, 0, 96], [0, 0, 1], 6, 50, accent))
  return { prims, lens: fp(f, [0, 0, 113]) }
}

function dampedPlate(doc: Doc, c: Cam, f: Frame, y: number, accent: string, wide: number): Prim[] {
  const prims: Prim[] = [
    box(c, f, [0, y + 44, 0], [wide, 10, 150], SL[700], {
      faces: {
        top: (w, h) =>
          screws(
            [
              [16, 16],
              [w - 16, 16],
              [16, h - 16],
              [w - 16, h - 16],
            ],
            5,
            SL[400],
          ),
      },
      bias: -300,
    }),
    box(c, f, [0, y, 0], [wide - 40, 10, 120], SL[600], { bias: 200 }),
  ]
  for (const [dx, dz] of [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ] as const) {
    prims.push(ball(doc, c, f, [dx * (wide / 2 - 34), y + 22, dz * 46], 16, accent))
  }
  return prims
}

function gimbalModel(doc: Doc, c: Cam, f: Frame, kind: CamKind, accent: string, tilt: number): { prims: Prim[]; lens: V3 } {
  const prims: Prim[] = []
  if (kind === 'mapping') {
    prims.push(...dampedPlate(doc, c, f, 120, accent, 220))
    prims.push(box(c, f, [0, 96, 0], [30, 40, 40], SL[500]))
    const hf = rot(at(f, [0, 20, 0]), 'x', tilt)
    const head = cameraHead(doc, c, hf, kind, accent)
    prims.push(...head.prims)
    return { prims, lens: head.lens }
  }
  prims.push(...dampedPlate(doc, c, f, 150, accent, 240))
  prims.push(cyl(doc, c, f, [0, 118, 0], [0, 1, 0], 30, 30, SL[500]))
  prims.push(box(c, f, [55, 112, 0], [130, 16, 36], SL[600]))
  prims.push(box(c, f, [114, 50, 0], [18, 130, 36], SL[600], { bias: 40 }))
  prims.push(cyl(doc, c, f, [106, 0, 0], [1, 0, 0], 16, 30, SL[500], { bias: 40, cap: (r) => C(0, 0, r * 0.5, accent) }))
  const hf = rot(at(f, [-12, 0, 0]), 'x', tilt)
  const head = cameraHead(doc, c, hf, kind, accent)
  prims.push(...head.prims)
  return { prims, lens: head.lens }
}

const drawGimbal =
  (kind: CamKind): Drawer =>
  (doc, x) => {
    const bg = studio(doc, 800, 800, x.accent, x.view)
    if (x.view % 3 === 2) {
      const c0 = camera(0, 0, 1)
      const g = gimbalModel(doc, c0, WORLD, kind, x.accent, 0)
      const c = camAt(-6, 4, kind === 'thermal' ? 5.6 : 4.6, g.lens, 400, 400)
      return bg + render(gimbalModel(doc, c, WORLD, kind, x.accent, 0).prims)
    }
    const side = x.view % 3 === 1
    const c = side ? camAt(kind === 'thermal' ? 58 : 72, 10, 1.75, [0, 60, 0], 390, 360) : camAt(-22, 10, 1.75, [0, 60, 0], 400, 360)
    const tilt = side ? (kind === 'mapping' ? 90 : kind === 'thermal' ? 28 : 35) : 0
    return bg + shadow(doc, 400, 680, 230, 36) + render(gimbalModel(doc, c, WORLD, kind, x.accent, tilt).prims)
  }

// ---- FPV camera -----------------------------------------------------------------------------------

function fpvModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const body = '#2a3343'
  const bracket: Detail = (w, h) => C(w * 0.5, h * 0.5, 12, SL[900]) + C(w * 0.5, h * 0.5, 7, SL[400]) + R(w * 0.5 - 8, 14, 16, h * 0.5 - 34, SL[900], 8)
  return [
    box(c, f, [0, 0, 0], [150, 150, 130], body, {
      faces: { top: (w, h) => R(16, 16, w - 32, h - 32, dark(body, 0.2), 10), back: (w, h) => R(w / 2 - 30, h / 2 - 12, 60, 24, '#e8ecf1', 4) },
    }),
    box(c, f, [-84, -10, 0], [16, 170, 110], SL[500], { faces: { left: bracket, right: bracket } }),
    box(c, f, [84, -10, 0], [16, 170, 110], SL[500], { faces: { left: bracket, right: bracket } }),
    cyl(doc, c, f, [0, 4, 65], [0, 0, 1], 26, 54, SL[800]),
    cyl(doc, c, f, [0, 4, 91], [0, 0, 1], 12, 56, accent),
    cyl(doc, c, f, [0, 4, 103], [0, 0, 1], 24, 48, SL[900], { cap: lensCap('glass', accent) }),
  ]
}
const drawFpv: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-18, 12, 2.1, [0, 0, 20]), sh: [400, 620, 230, 40] },
    { c: camAt(42, 26, 2.1, [0, 0, 20]), sh: [400, 620, 250, 46] },
    { c: camAt(-4, 4, 5.2, [0, 4, 127]), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(fpvModel(doc, v.c, WORLD, x.accent))
}

// ---- Radio controllers ----------------------------------------------------------------------------

interface Layout {
  body: string
  screen: readonly [number, number, number, number]
  sticks: readonly P2[]
  antennas: readonly (readonly [number, number, number])[]
  buttons: readonly P2[]
  switches: readonly P2[]
}
const LAYOUTS: Record<'gcs' | 'handheld', Layout> = {
  gcs: {
    body: `M-240 -120H240A60 60 0 0 1 300 -60V40C300 120 290 170 230 170C190 170 170 130 140 120H-140C-170 130 -190 170 -230 170C-290 170 -300 120 -300 40V-60A60 60 0 0 1 -240 -120Z`,
    screen: [-125, -95, 250, 160],
    sticks: [
      [-210, -10],
      [210, -10],
    ],
    antennas: [
      [-235, -110, -18],
      [235, -110, 18],
    ],
    buttons: [
      [-60, 95],
      [-20, 95],
      [20, 95],
      [60, 95],
    ],
    switches: [
      [-250, -90],
      [250, -90],
    ],
  },
  handheld: {
    body: `M-200 -200H200A50 50 0 0 1 250 -150V110C250 190 240 230 190 230C150 230 140 190 110 180H-110C-140 190 -150 230 -190 230C-240 230 -250 190 -250 110V-150A50 50 0 0 1 -200 -200Z`,
    screen: [-200, -175, 400, 215],
    sticks: [
      [-150, 120],
      [150, 120],
    ],
    antennas: [
      [-185, -190, -24],
      [-120, -195, -8],
      [120, -195, 8],
      [185, -190, 24],
    ],
    buttons: [
      [-45, 100],
      [0, 100],
      [45, 100],
      [-22, 150],
      [22, 150],
    ],
    switches: [
      [-215, 60],
      [215, 60],
    ],
  },
}

function screenArt(doc: Doc, x: number, y: number, w: number, h: number, accent: string): string {
  const g = lgrad(
    doc,
    [
      [0, '#2f6fd0'],
      [1, '#123a80'],
    ],
    [0, 0, 1, 1],
  )
  const cx = x + w * 0.55
  const cy = y + h * 0.5
  return (
    R(x - 10, y - 10, w + 20, h + 20, SL[900], 14) +
    R(x, y, w, h, `url(#${g})`, 6) +
    P(
      `M${x} ${y + h * 0.7}C${x + w * 0.3} ${y + h * 0.5} ${x + w * 0.5} ${y + h * 0.95} ${x + w} ${y + h * 0.6}`,
      'none',
      ` stroke="#5fa0f0" stroke-width="6" opacity=".55"`,
    ) +
    P(`M${x + w * 0.2} ${y}L${x + w * 0.35} ${y + h}`, 'none', ` stroke="#5fa0f0" stroke-width="4" opacity=".4"`) +
    P(
      `M${x + w * 0.18} ${y + h * 0.78}L${x + w * 0.4} ${y + h * 0.3}L${cx} ${cy}L${x + w * 0.82} ${y + h * 0.22}`,
      'none',
      ` stroke="#ffffff" stroke-width="3" stroke-dasharray="8 6" opacity=".85"`,
    ) +
    P(`M${cx} ${cy - 16}l12 28-12-7-12 7z`, accent) +
    R(x, y, w, 18, '#0b2a5c', 0, ' opacity=".7"') +
    R(x + 8, y + 5, 30, 8, LED_GREEN, 2) +
    R(x + w - 40, y + 5, 32, 8, WHITE, 2, ' opacity=".8"') +
    R(x + w - 26, y + h - 58, 18, 50, '#0b2a5c', 4, ' opacity=".6"') +
    R(x + w - 23, y + h - 30, 12, 19, accent, 2)
  )
}

function controllerModel(doc: Doc, c: Cam, f: Frame, kind: 'gcs' | 'handheld', accent: string): Prim[] {
  const L = LAYOUTS[kind]
  const shell = '#2d3748'
  const T = 56
  const bodyId = def(doc, `body${kind}`, (id) => `<path id="${id}" d="${L.body}"/>`)
  const prims: Prim[] = []
  // Antennas behind the body, in the face plane.
  let ant = ''
  for (const [ax, ay, tiltA] of L.antennas) {
    ant += G(
      `translate(${ax} ${ay}) rotate(${tiltA})`,
      R(-9, -20, 18, 40, SL[600], 4) + R(-16, -150, 32, 130, '#3b4658', 16) + R(-16, -150, 32, 20, accent, 10),
    )
  }
  prims.push(plane(c, f, [0, 0, 0], [1, 0, 0], [0, -1, 0], ant, -500))
  // Shell extruded by stacking the outline.
  let ext = ''
  const steps = 6
  for (let i = 0; i < steps; i++) {
    const z = -T / 2 + (T * i) / steps
    ext += G(mat(c, fp(f, [0, 0, z]), f.x, mul(f.y, -1)), `<use xlink:href="#${bodyId}" fill="${dark(shell, 0.25 + 0.1 * (i % 2))}"/>`)
  }
  prims.push({ d: -400, s: ext })
  const [sx, sy, sw, sh] = L.screen
  let face = `<use xlink:href="#${bodyId}" fill="${shell}"/>`
  face += P(L.body, 'none', ` stroke="${light(shell, 0.25)}" stroke-width="4" transform="scale(.96)"`)
  face += screenArt(doc, sx, sy, sw, sh, accent)
  for (const [bx, by] of L.sticks)
    face += C(bx, by, 60, dark(shell, 0.35)) + C(bx, by, 50, SL[800]) + C(bx, by, 50, 'none', ` stroke="${accent}" stroke-width="3" opacity=".7"`)
  for (const [bx, by] of L.buttons) face += C(bx, by, 13, SL[800]) + C(bx, by, 10, SL[600])
  face += C(L.buttons[0]![0] - 40, L.buttons[0]![1], 12, accent)
  for (const [wx, wy] of L.switches) face += R(wx - 16, wy - 16, 32, 32, SL[800], 8)
  face += P(`M-40 ${kind === 'gcs' ? 150 : 205}h80`, 'none', ` stroke="${light(shell, 0.2)}" stroke-width="6" stroke-linecap="round"`)
  prims.push(plane(c, f, [0, 0, T / 2], [1, 0, 0], [0, -1, 0], face, -300))
  for (const [bx, by] of L.sticks) {
    prims.push(tube(doc, c, f, [bx, -by, T / 2], [bx, -by, T / 2 + 30], 8, SL[400], { bias: -200 }))
    prims.push(
      cyl(doc, c, f, [bx, -by, T / 2 + 30], [0, 0, 1], 14, 24, SL[700], {
        bias: -190,
        cap: (r) => C(0, 0, r * 0.75, SL[800]) + C(0, 0, r * 0.45, SL[700]) + C(0, 0, r * 0.2, accent),
      }),
    )
  }
  for (const [wx, wy] of L.switches) {
    prims.push(tube(doc, c, f, [wx, -wy, T / 2], [wx, -wy + 14, T / 2 + 30], 6, SL[300], { bias: -150 }))
  }
  return prims
}
const drawController: Drawer = (doc, x) => {
  const kind = x.id.includes('handheld') ? 'handheld' : 'gcs'
  const midY = kind === 'gcs' ? 40 : 20
  const views = [
    { c: camAt(0, 8, 1.05, [0, midY, 0], 400, 430), f: WORLD },
    { c: camAt(34, 22, 1.05, [0, midY, 0], 400, 440), f: rot(WORLD, 'z', -6) },
    { c: camAt(-22, 24, 2.5, [-LAYOUTS[kind].sticks[0]![0] * 0 + LAYOUTS[kind].sticks[0]![0] + 60, -LAYOUTS[kind].sticks[0]![1], 40], 400, 420), f: WORLD },
  ] as const
  const v = views[x.view % 3]!
  return (
    studio(doc, 800, 800, x.accent, x.view) + (x.view % 3 === 2 ? '' : shadow(doc, 400, 720, 300, 36)) + render(controllerModel(doc, v.c, v.f, kind, x.accent))
  )
}

// ---- Air unit (finned box with antennas) ----------------------------------------------------------

function airUnitModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const alu = '#8d99ab'
  const prims: Prim[] = [
    box(c, f, [0, 25, 0], [220, 50, 170], alu, {
      faces: {
        front: (w, h) =>
          R(20, h / 2 - 10, 46, 20, SL[800], 4) + R(80, h / 2 - 8, 30, 16, SL[800], 3) + C(w - 40, h / 2, 6, LED_GREEN) + C(w - 60, h / 2, 6, accent),
        right: (w, h) => R(30, h / 2 - 9, 40, 18, SL[800], 4) + R(84, h / 2 - 7, 60, 14, SL[900], 3),
      },
    }),
  ]
  for (let i = 0; i < 9; i++) {
    prims.push(box(c, f, [0, 50 + 16, -72 + i * 18], [200, 32, 7], light(alu, 0.12)))
  }
  for (const sx of [-80, 80]) {
    prims.push(tube(doc, c, f, [sx, 25, -85], [sx, 25, -110], 10, GOLD, { bias: 20 }))
    prims.push(tube(doc, c, f, [sx, 25, -110], [sx, 60, -120], 12, SL[800], { bias: 20 }))
    prims.push(tube(doc, c, f, [sx, 60, -120], [sx + (sx > 0 ? 20 : -20), 280, -140], 13, SL[700], { bias: 20 }))
    prims.push(tube(doc, c, f, [sx + (sx > 0 ? 20 : -20), 280, -140], [sx + (sx > 0 ? 22 : -22), 300, -142], 13, accent, { bias: 21 }))
  }
  return prims
}
const drawAirUnit: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-28, 26, 1.6, [0, 110, -40], 400, 400), sh: [400, 600, 280, 60] },
    { c: camAt(58, 18, 1.6, [0, 110, -40], 400, 400), sh: [400, 600, 280, 60] },
    { c: camAt(-140, 16, 3.6, [-60, 50, -100], 470, 500), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(airUnitModel(doc, v.c, WORLD, x.accent))
}

// ---- Receiver ----------------------------------------------------------------------------------

function receiverModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const body = '#263142'
  const prims: Prim[] = [
    box(c, f, [0, 22, 0], [200, 44, 130], body, {
      faces: {
        top: (w, h) =>
          R(14, 14, w - 28, 26, accent, 6) +
          R(14, 50, w - 28, h - 64, dark(body, 0.15), 8) +
          C(w - 30, h - 30, 8, LED_GREEN) +
          C(w - 30, h - 30, 14, LED_GREEN, ' opacity=".3"'),
      },
    }),
    box(c, f, [0, 30, 82], [180, 44, 34], SL[900], {
      faces: {
        top: () => {
          let s = ''
          for (let i = 0; i < 8; i++) for (let j = 0; j < 3; j++) s += R(10 + i * 21.5, 6 + j * 9, 6, 6, GOLD, 1)
          return s
        },
        front: (w, h) => {
          let s = ''
          for (let i = 0; i < 8; i++) s += R(6 + i * 21.5, 6, 18, h - 12, '#111827', 2)
          return s
        },
      },
    }),
  ]
  for (let j = 0; j < 3; j++) {
    let pins = ''
    for (let i = 0; i < 8; i++) pins += R(-78 + i * 21.5, 0, 5, 15, i % 2 ? GOLD : light(GOLD, 0.15), 1.5)
    prims.push(plane(c, f, [0, 67, 71 + j * 9], [1, 0, 0], [0, -1, 0], pins, 10))
  }
  for (const sx of [-1, 1]) {
    const e: V3 = [sx * 150, 70, -210]
    prims.push(wire(c, f, [[sx * 60, 22, -65], [sx * 80, 30, -150], [sx * 120, 50, -200], e], '#3b4658', 7, -20))
    prims.push(tube(doc, c, f, add(e, [0, -48, 0]), add(e, [0, 48, 0]), 6, SL[600], { bias: -4 }))
    prims.push(ball(doc, c, f, e, 9, accent, -5))
  }
  return prims
}
const drawReceiver: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-22, 36, 1.55, [0, 40, -40], 400, 410), sh: [400, 560, 300, 90] },
    { c: camAt(40, 22, 1.6, [0, 40, -30], 400, 410), sh: [400, 540, 300, 70] },
    { c: camAt(-16, 38, 3.6, [-10, 50, 60], 400, 430), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(receiverModel(doc, v.c, WORLD, x.accent))
}

// ---- Brushless motor -----------------------------------------------------------------------------

function motorModel(doc: Doc, c: Cam, f: Frame, accent: string, r: number, h: number, wires: boolean): Prim[] {
  const bell = '#2b3444'
  const vents = (rr: number): string => {
    let s = C(0, 0, rr * 0.9, dark(bell, 0.1))
    const slot = def(
      doc,
      `vent${n1(rr)}`,
      (id) =>
        `<path id="${id}" d="M${n1(rr * 0.36)} ${n1(-rr * 0.14)}L${n1(rr * 0.8)} ${n1(-rr * 0.3)}A${n1(rr * 0.85)} ${n1(rr * 0.85)} 0 0 1 ${n1(rr * 0.8)} ${n1(rr * 0.3)}L${n1(rr * 0.36)} ${n1(rr * 0.14)}Z"/>`,
    )
    for (let i = 0; i < 6; i++) s += `<use xlink:href="#${slot}" fill="${COPPER}" transform="rotate(${i * 60 + 30})"/>`
    s += C(0, 0, rr * 0.36, light(bell, 0.18)) + C(0, 0, rr * 0.36, 'none', ` stroke="${accent}" stroke-width="${n1(rr * 0.04)}"`)
    for (let i = 0; i < 4; i++) {
      const a = rad(45 + i * 90)
      s += C(Math.cos(a) * rr * 0.24, Math.sin(a) * rr * 0.24, rr * 0.045, SL[900])
    }
    return s + C(0, 0, rr * 0.1, SL[300])
  }
  const prims: Prim[] = [
    cyl(doc, c, f, [0, 0, 0], [0, 1, 0], 16, r * 0.92, SL[500], { bias: -5 }),
    cyl(doc, c, f, [0, 16, 0], [0, 1, 0], 10, r * 0.7, COPPER, { bias: -4 }),
    cyl(doc, c, f, [0, 22, 0], [0, 1, 0], h * 0.22, r, accent),
    cyl(doc, c, f, [0, 22 + h * 0.22, 0], [0, 1, 0], h * 0.78, r, bell, { cap: vents }),
    tube(doc, c, f, [0, 22 + h, 0], [0, 22 + h + 24, 0], r * 0.1, SL[300], { bias: 5 }),
  ]
  // Side vents on the bell.
  for (let i = 0; i < 10; i++) {
    const a = rad(i * 36 + 18)
    const nrm: V3 = [Math.sin(a), 0, Math.cos(a)]
    if (dot(fv(f, nrm), c.D) < 0.25) continue
    const o: V3 = [Math.sin(a) * r * 1.005, 22 + h * 0.82, Math.cos(a) * r * 1.005]
    prims.push(
      plane(
        c,
        f,
        o,
        [Math.cos(a), 0, -Math.sin(a)],
        [0, -1, 0],
        R(-r * 0.09, 0, r * 0.18, h * 0.42, COPPER, r * 0.05) + R(-r * 0.09, 0, r * 0.18, h * 0.12, dark(COPPER, 0.4), 0),
        30,
      ),
    )
  }
  if (wires) {
    const colors = [SL[900], SL[800], SL[700]]
    colors.forEach((col, i) => {
      const z = -14 + i * 14
      prims.push(
        wire(
          c,
          f,
          [
            [r * 0.8, 8, z],
            [r * 1.6, 4, z * 1.4],
            [r * 2.2, -10, z * 2.4 + 30],
          ],
          col,
          8,
          -30,
        ),
      )
      prims.push(tube(doc, c, f, [r * 2.2, -10, z * 2.4 + 30], [r * 2.2 + 26, -12, z * 2.4 + 38], 5, GOLD, { bias: -29 }))
    })
  }
  return prims
}
const drawMotor: Drawer = (doc, x) => {
  const m = /(\d{2})(\d{2})/.exec(x.id.replace(/\D+/g, ' ').trim()) ?? ['', '62', '15']
  const dia = Number(m[1])
  const r = dia * 1.35
  const h = Number(m[2]) * 2.6 + (dia < 50 ? 30 : 0)
  const views = [
    { c: camAt(-26, 26, 2.3, [r * 0.5, 30 + h / 2, 0], 350, 400), sh: [340, 540, 260, 70] },
    { c: camAt(0, 89.9, 2.7, [0, 0, 0], 400, 400), sh: [400, 400, r * 3, r * 3] },
    { c: camAt(-10, 48, 4.8, [0, 22 + h, r * 0.6], 400, 360), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return (
    studio(doc, 800, 800, x.accent, x.view) +
    shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3], x.view === 1 ? 0.18 : 0.3) +
    render(motorModel(doc, v.c, WORLD, x.accent, r, h, x.view !== 1))
  )
}

// ---- Propellers (flat 2D) -----------------------------------------------------------------------

function bladePath(len: number, chord: number, from = 0, n = 14): string {
  const lead: P2[] = []
  const trail: P2[] = []
  for (let i = 0; i <= n; i++) {
    const t = from + ((1 - from) * i) / n
    const w =
      chord * (0.45 + 0.75 * Math.sin(PI * Math.min(1, t * 1.35 + 0.05)) * (1 - 0.55 * t)) * (t > 0.92 ? Math.sqrt(Math.max(0, (1 - t) / 0.08)) * 0.7 + 0.3 : 1)
    const x = len * t
    lead.push([x, -w * 0.58 - t * chord * 0.1])
    trail.push([x, w * 0.42 - t * chord * 0.1])
  }
  const all = lead.concat(trail.reverse())
  return len < 100 ? 'M' + all.map((p) => `${Math.round(p[0])} ${Math.round(p[1] * 2) / 2}`).join('L') + 'Z' : poly(all)
}
function propeller(doc: Doc, accent: string, len: number, chord: number, mirror: boolean): string {
  const body = def(doc, `blade${len}`, (id) => `<path id="${id}" d="${bladePath(len, chord)}"/>`)
  const tip = def(doc, `tip${len}`, (id) => `<path id="${id}" d="${bladePath(len, chord, 0.86)}"/>`)
  const shine = def(
    doc,
    `shine${len}`,
    (id) =>
      `<path id="${id}" d="M${len * 0.12} ${-chord * 0.1}Q${len * 0.5} ${-chord * 0.42} ${len * 0.88} ${-chord * 0.2}" fill="none" stroke="#ffffff" stroke-width="${n1(chord * 0.12)}" stroke-linecap="round" opacity=".18"/>`,
  )
  const carbon = lgrad(
    doc,
    [
      [0, '#3a4556'],
      [0.5, '#1c2431'],
      [1, '#2b3442'],
    ],
    [0, 0, 0, 1],
  )
  let s = ''
  for (const a of [0, 180]) {
    s += G(`rotate(${a})`, `<use xlink:href="#${body}" fill="url(#${carbon})"/><use xlink:href="#${tip}" fill="${accent}"/><use xlink:href="#${shine}"/>`)
  }
  const hubR = chord * 0.62
  s += C(0, 0, hubR, SL[800]) + C(0, 0, hubR * 0.82, SL[700])
  for (let i = 0; i < 4; i++) {
    const a = rad(i * 90 + 45)
    s +=
      C(Math.cos(a) * hubR * 0.5, Math.sin(a) * hubR * 0.5, hubR * 0.1, SL[900]) + C(Math.cos(a) * hubR * 0.5, Math.sin(a) * hubR * 0.5, hubR * 0.06, SL[400])
  }
  s += C(0, 0, hubR * 0.22, SL[300]) + C(0, 0, hubR * 0.12, SL[900])
  return mirror ? G('scale(-1 1)', s) : s
}
const drawProp: Drawer = (doc, x) => {
  const bg = studio(doc, 800, 800, x.accent, x.view)
  const v = x.view % 3
  if (v === 0)
    return (
      bg +
      G(
        'translate(400 410) rotate(-32)',
        G('translate(6 18)', propeller(doc, SL[900], 330, 64, false), ' opacity=".1"') + propeller(doc, x.accent, 330, 64, false),
      )
    )
  if (v === 1) {
    return (
      bg +
      G('translate(400 300) rotate(-8)', propeller(doc, x.accent, 330, 64, false)) +
      G('translate(400 520) rotate(-8)', propeller(doc, light(x.accent, 0.0), 330, 64, true)) +
      P('M690 240a40 40 0 1 1-12-34', 'none', ` stroke="${SL[500]}" stroke-width="6" stroke-linecap="round"`) +
      P('M676 196l8 16 12-13z', SL[500]) +
      P('M690 580a40 40 0 1 0-12 34', 'none', ` stroke="${SL[500]}" stroke-width="6" stroke-linecap="round"`) +
      P('M676 624l8-16 12 13z', SL[500])
    )
  }
  return bg + G('translate(420 400) rotate(-20) scale(3.2)', propeller(doc, x.accent, 330, 64, false))
}

// ---- ESC ------------------------------------------------------------------------------------

function escModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const prims: Prim[] = [box(c, f, [0, 9, 0], [230, 18, 110], '#22303f', { faces: { front: (w, h) => R(10, 4, w - 20, h - 8, accent, 3) }, bias: -40 })]
  for (let i = 0; i < 8; i++) prims.push(box(c, f, [0, 18 + 17, -45 + i * 12.9], [220, 34, 6], '#aeb8c6'))
  const out = [SL[900], SL[800], SL[700]]
  out.forEach((col, i) => {
    const z = -30 + i * 30
    prims.push(
      wire(
        c,
        f,
        [
          [112, 9, z],
          [160, 9, z * 1.1],
          [200, 6, z * 1.5],
        ],
        col,
        11,
        -10,
      ),
    )
    prims.push(tube(doc, c, f, [200, 6, z * 1.5], [228, 5, z * 1.55], 7, GOLD, { bias: -9 }))
  })
  prims.push(
    wire(
      c,
      f,
      [
        [-112, 9, -22],
        [-170, 9, -30],
        [-215, 4, -50],
      ],
      '#c0392b',
      15,
      -60,
    ),
  )
  prims.push(
    wire(
      c,
      f,
      [
        [-112, 9, 22],
        [-170, 9, 30],
        [-215, 4, 50],
      ],
      SL[900],
      15,
      -60,
    ),
  )
  prims.push(
    wire(
      c,
      f,
      [
        [-112, 9, 48],
        [-150, 6, 70],
        [-190, 2, 100],
      ],
      '#e8ecf1',
      4,
      -50,
    ),
  )
  return prims
}
const drawEsc: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-24, 34, 1.6, [0, 20, 0], 400, 410), sh: [400, 520, 330, 100] },
    { c: camAt(46, 18, 1.6, [0, 20, 0], 400, 410), sh: [400, 500, 330, 80] },
    { c: camAt(-40, 30, 3.3, [170, 10, 0], 400, 420), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(escModel(doc, v.c, WORLD, x.accent))
}

// ---- Smart battery ------------------------------------------------------------------------------

function batteryModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const body = '#2a3546'
  const W = 300
  const H = 120
  const D = 150
  const front: Detail = (w, h) => {
    let s = R(0, 18, w, 26, accent) + R(0, 44, w, 4, dark(accent, 0.3))
    s += R(w - 120, h - 48, 100, 30, SL[900], 15)
    for (let i = 0; i < 4; i++) s += C(w - 100 + i * 20, h - 33, 6, i < 3 ? LED_GREEN : SL[600])
    s += C(w - 140, h - 33, 11, SL[600]) + C(w - 140, h - 33, 7, SL[400])
    return s
  }
  const side: Detail = (w) => R(0, 18, w, 26, accent) + R(0, 44, w, 4, dark(accent, 0.3))
  const prims: Prim[] = [
    box(c, f, [0, H / 2, 0], [W, H, D], body, {
      faces: { front, back: side, left: side, right: (w, h) => side(w, h, '') + R(w / 2 - 40, h - 52, 80, 36, SL[900], 6) },
      bias: -100,
    }),
    box(c, f, [W / 2 + 12, H * 0.4, D / 2 - 50], [24, 44, 70], '#e3a21a', {
      faces: { right: (w, h) => R(10, 10, 18, h - 20, SL[900], 3) + R(w - 28, 10, 18, h - 20, SL[900], 3) },
    }),
    box(c, f, [0, H + 2, 0], [W - 30, 4, 44], '#111827', { bias: -50 }),
  ]
  // Carry strap arching over the top.
  prims.push(plane(c, f, [0, H, 0], [1, 0, 0], [0, -1, 0], P(`M-90 0C-90 -52 90 -52 90 0H66C66 -28 -66 -28 -66 0Z`, '#111827'), 10))
  return prims
}
const drawBattery: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-24, 26, 1.6, [0, 70, 0], 400, 410), sh: [400, 560, 320, 80] },
    { c: camAt(56, 22, 1.6, [30, 70, 0], 400, 410), sh: [400, 550, 320, 80] },
    { c: camAt(-6, 10, 4, [90, 35, 75], 400, 440), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(batteryModel(doc, v.c, WORLD, x.accent))
}

// ---- Charger --------------------------------------------------------------------------------------

function chargerScreen(x: number, y: number, w: number, h: number, accent: string, level: number): string {
  let s = R(x - 8, y - 8, w + 16, h + 16, SL[900], 10) + R(x, y, w, h, '#0e2347', 4)
  s += R(x + w * 0.12, y + h * 0.25, w * 0.56, h * 0.5, 'none', 6, ` stroke="#e2e8f0" stroke-width="${n1(h * 0.05)}"`)
  s += R(x + w * 0.68, y + h * 0.4, w * 0.05, h * 0.2, '#e2e8f0', 2)
  for (let i = 0; i < 4; i++) s += R(x + w * (0.16 + i * 0.13), y + h * 0.32, w * 0.1, h * 0.36, i < level ? LED_GREEN : '#274063', 2)
  s += R(x + w * 0.12, y + h * 0.84, w * 0.76, h * 0.06, '#274063', 2) + R(x + w * 0.12, y + h * 0.84, w * 0.76 * (level / 4), h * 0.06, accent, 2)
  return s
}
function chargerModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const body = '#354256'
  const front: Detail = (w, h) =>
    chargerScreen(30, 26, 110, 64, accent, 3) +
    chargerScreen(w - 140, 26, 110, 64, accent, 2) +
    C(85, h - 34, 20, SL[900]) +
    C(85, h - 34, 12, '#e3a21a') +
    C(w - 85, h - 34, 20, SL[900]) +
    C(w - 85, h - 34, 12, '#e3a21a') +
    C(w / 2, h - 34, 8, LED_GREEN) +
    R(0, h - 8, w, 8, accent)
  const grille: Detail = (w, h) => {
    let s = R(20, 20, w - 40, h - 40, dark(body, 0.2), 10)
    for (let i = 0; i < 8; i++) s += R(34 + i * ((w - 68) / 8), 34, (w - 68) / 8 - 8, h - 68, SL[900], 5)
    return s
  }
  return [
    box(c, f, [0, 80, 0], [310, 150, 210], body, {
      faces: {
        front,
        right: grille,
        left: grille,
        top: (w, h) => R(40, h / 2 - 14, w - 80, 28, dark(body, 0.2), 14) + R(50, h / 2 - 8, w - 100, 16, SL[800], 8),
      },
    }),
    box(c, f, [-130, 2, 80], [30, 4, 30], SL[900], { bias: -300 }),
    box(c, f, [130, 2, 80], [30, 4, 30], SL[900], { bias: -300 }),
  ]
}
const drawCharger: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-20, 20, 1.55, [0, 80, 0], 400, 410), sh: [400, 560, 320, 70] },
    { c: camAt(52, 24, 1.55, [0, 80, 0], 400, 410), sh: [400, 560, 320, 80] },
    { c: camAt(-4, 6, 4.1, [-70, 130, 105], 400, 400), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(chargerModel(doc, v.c, WORLD, x.accent))
}

// ---- Landing gear ----------------------------------------------------------------------------------

function gearModel(doc: Doc, c: Cam, f: Frame, accent: string, skidLen: number): Prim[] {
  const carbon = '#2b3445'
  const alu = '#aab4c2'
  const prims: Prim[] = []
  const face: Detail = (w, h) =>
    R(10, 8, w - 20, 6, dark(alu, 0.2), 3) +
    screws(
      [
        [16, h - 12],
        [w - 16, h - 12],
      ],
      4,
      SL[600],
    )
  for (const sz of [-1, 1]) {
    const z = sz * 90
    for (const sx of [-1, 1]) {
      prims.push(tube(doc, c, f, [sx * 34, 150, z], [sx * 170, -140, z], 11, carbon))
      prims.push(box(c, f, [sx * 170, -150, z], [30, 26, 36], alu))
    }
    prims.push(
      box(c, f, [0, 158, z], [120, 40, 46], alu, { faces: { front: face, back: face, top: (w, h) => R(12, h / 2 - 4, w - 24, 8, dark(alu, 0.15), 4) } }),
    )
    prims.push(box(c, f, [40, 172, z + 30], [12, 12, 16], accent, { bias: 3 }))
    prims.push(box(c, f, [22, 174, z + 32], [36, 7, 8], accent, { bias: 4 }))
  }
  for (const sx of [-1, 1]) {
    prims.push(tube(doc, c, f, [sx * 170, -160, -skidLen / 2], [sx * 170, -160, skidLen / 2], 12, carbon, { noCap: true }))
    prims.push(cyl(doc, c, f, [sx * 170, -160, skidLen / 2], [0, 0, 1], 14, 14, accent, { bias: 1 }))
    prims.push(cyl(doc, c, f, [sx * 170, -160, -skidLen / 2 - 14], [0, 0, 1], 14, 14, accent, { bias: 1 }))
  }
  return prims
}
const drawGear: Drawer = (doc, x) => {
  const views = [
    { c: camAt(-16, 12, 1.4, [0, 0, 0], 400, 400), sh: [400, 650, 330, 50] },
    { c: camAt(90, 3, 1.4, [0, 0, 0], 400, 400), sh: [400, 650, 340, 40] },
    { c: camAt(-30, 22, 4.2, [10, 150, 90], 400, 400), sh: [400, 780, 10, 10] },
  ] as const
  const v = views[x.view % 3]!
  return studio(doc, 800, 800, x.accent, x.view) + shadow(doc, v.sh[0], v.sh[1], v.sh[2], v.sh[3]) + render(gearModel(doc, v.c, WORLD, x.accent, 440))
}

// ---- Transport case ------------------------------------------------------------------------------

function latch(accent: string): string {
  return R(-22, -36, 44, 72, SL[500], 8) + R(-16, -28, 32, 40, SL[300], 6) + R(-10, 14, 20, 14, SL[600], 4) + C(0, -8, 4, accent)
}
function caseModel(doc: Doc, c: Cam, f: Frame, accent: string): Prim[] {
  const shell = '#323d4e'
  const W = 400
  const H = 240
  const D = 300
  const front: Detail = (w, h) => {
    let s = R(0, h * 0.3, w, 10, dark(shell, 0.35)) + R(16, h * 0.3 + 22, w - 32, h * 0.62 - 34, light(shell, 0.05), 14)
    for (const lx of [0.22, 0.78]) s += G(`translate(${n1(w * lx)} ${n1(h * 0.3 + 4)})`, latch(accent))
    s += P(
      `M${w / 2 - 60} ${h * 0.3 + 30}v30a14 14 0 0 0 14 14h92a14 14 0 0 0 14-14v-30`,
      'none',
      ` stroke="${SL[900]}" stroke-width="14" stroke-linecap="round"`,
    )
    s += C(w * 0.9, h * 0.3 + 20, 13, SL[900]) + C(w * 0.9, h * 0.3 + 20, 8, SL[500]) + R(w * 0.9 - 1.5, h * 0.3 + 14, 3, 12, SL[900])
    return s
  }
  const side: Detail = (w, h) => R(0, h * 0.3, w, 10, dark(shell, 0.35)) + R(w / 2 - 50, h * 0.5, 100, 22, SL[900], 11)
  const top: Detail = (w, h) => {
    let s = R(20, 20, w - 40, h - 40, light(shell, 0.06), 18)
    for (let i = 0; i < 4; i++) s += R(50, 50 + i * ((h - 100) / 3.2), w - 100, 12, dark(shell, 0.2), 6)
    return s + R(w / 2 - 30, h / 2 - 6, 60, 12, accent, 6)
  }
  return [
    box(c, f, [0, H / 2 + 14, 0], [W, H, D], shell, { faces: { front, right: side, left: side, top } }),
    cyl(doc, c, f, [W / 2 - 50, 24, -D / 2 + 10], [1, 0, 0], 34, 26, SL[900], { bias: -200, cap: (r) => C(0, 0, r * 0.5, SL[500]) }),
    cyl(doc, c, f, [-W / 2 + 16, 24, -D / 2 + 10], [1, 0, 0], 34, 26, SL[900], { bias: -200, cap: (r) => C(0, 0, r * 0.5, SL[500]) }),
    box(c, f, [0, 10, D / 2 - 40], [W - 60, 8, 30], SL[900], { bias: -300 }),
  ]
}
function caseOpen(doc: Doc, accent: string): string {
  const shell = '#323d4e'
  const foam = '#3b4454'
  const hole = '#1b2230'
  const hex = ngon(6, 58, 30)
  let s = ''
  s += R(110, 70, 580, 120, dark(shell, 0.15), 30) + R(130, 86, 540, 90, dark(shell, 0.35), 20)
  s += R(100, 180, 600, 470, shell, 34) + R(124, 204, 552, 422, foam, 18)
  // Cut-outs: folded drone body with arms, four batteries, controller, payload box.
  const droneCx = 300
  const droneCy = 400
  s += G(
    `translate(${droneCx} ${droneCy})`,
    P(poly(hex), hole) +
      [-150, -90, -30, 30, 90, 150].map((a) => G(`rotate(${a})`, R(-12, -160, 24, 110, hole, 12))).join('') +
      P(poly(ngon(6, 40, 30)), '#2a3344'),
  )
  for (let i = 0; i < 4; i++) s += R(470, 226 + i * 62, 170, 48, hole, 8) + R(480, 236 + i * 62, 60, 12, accent, 4, ' opacity=".35"')
  s += P('M470 490h170a12 12 0 0 1 12 12v70a12 12 0 0 1-12 12h-40l-14 18h-64l-14-18h-38a12 12 0 0 1-12-12v-70a12 12 0 0 1 12-12z', hole)
  s += R(150, 570, 110, 38, hole, 8)
  for (const lx of [210, 590]) s += G(`translate(${lx} 182)`, R(-24, -8, 48, 16, SL[500], 4))
  s += R(340, 630, 120, 14, accent, 7)
  return s
}
const drawCase: Drawer = (doc, x) => {
  const bg = studio(doc, 800, 800, x.accent, x.view)
  const v = x.view % 3
  if (v === 1) return bg + shadow(doc, 400, 660, 330, 40, 0.25) + caseOpen(doc, x.accent)
  if (v === 2) {
    const c = camAt(-14, 10, 3.4, [125, 14 + 240 * 0.66, 150], 400, 400)
    return bg + render(caseModel(doc, c, WORLD, x.accent))
  }
  const c = camAt(-26, 18, 1.3, [0, 130, 0], 400, 420)
  return bg + shadow(doc, 400, 600, 330, 70) + render(caseModel(doc, c, WORLD, x.accent))
}

// ---- UniDrone E900 hexacopter --------------------------------------------------------------------

interface DroneOpt {
  spin?: boolean
  lite?: boolean
}
function droneModel(doc: Doc, c: Cam, f: Frame, accent: string, o: DroneOpt = {}): Prim[] {
  const prims: Prim[] = []
  const carbon = '#263041'
  const bodyR = 64
  const armAngles = [30, 90, 150, 210, 270, 330]
  // Centre body: hexagonal shell with a brand-blue canopy.
  const canopyTop =
    P(poly(ngon(6, 40, 0)), light(BRAND, 0.12)) +
    P(poly(ngon(6, 26, 0)), BRAND) +
    C(0, 0, 9, WHITE) +
    P(
      ngon(6, 1, 0)
        .map(([px, py]) => `M${n1(px * 10)} ${n1(py * 10)}L${n1(px * 23)} ${n1(py * 23)}`)
        .join(''),
      'none',
      ` stroke="${WHITE}" stroke-width="4" stroke-linecap="round" opacity=".85"`,
    ) +
    C(-30, 22, 4, LED_GREEN) +
    C(30, 22, 4, accent)
  prims.push(
    prism(
      doc,
      c,
      f,
      [0, -16, 0],
      ngon(6, bodyR, 0),
      30,
      SL[700],
      SL[600],
      P(poly(ngon(6, bodyR - 6, 0)), SL[700]) + C(-20, bodyR * 0.72, 4, LED_GREEN) + C(20, bodyR * 0.72, 4, LED_GREEN),
    ),
  )
  prims.push(prism(doc, c, f, [0, 14, 0], ngon(6, 50, 0), 12, BRAND, BRAND, canopyTop, 2))
  // GNSS mast and puck.
  prims.push(tube(doc, c, f, [0, 26, -24], [0, 70, -24], 3.5, SL[800], { bias: 60 }))
  prims.push(cyl(doc, c, f, [0, 70, -24], [0, 1, 0], 4, 15, accent, { bias: 61 }))
  prims.push(
    cyl(doc, c, f, [0, 74, -24], [0, 1, 0], 5, 14, '#eef2f7', {
      bias: 62,
      cap: (r) => P(`M0 ${n1(-r * 0.6)}l${n1(r * 0.35)} ${n1(r * 0.5)}h${n1(-r * 0.7)}z`, accent),
    }),
  )
  for (const a of armAngles) {
    const af = rot(f, 'y', a)
    const front = a === 30 || a === 330
    const armCol = front ? accent : carbon
    prims.push(tube(doc, c, af, [0, 0, bodyR * 0.85], [0, 0, 152], 6, armCol, { noCap: true }))
    if (!o.lite && c.s > 2) prims.push(box(c, af, [0, 0, 82], [18, 16, 18], SL[600]))
    else if (!o.lite) prims.push(tube(doc, c, af, [0, 0, 74], [0, 0, 90], 9, SL[600], { noCap: true }))
    prims.push(cyl(doc, c, af, [0, -6, 152], [0, 1, 0], 24, 14, SL[800], { cap: o.lite || !front ? undefined : (r) => C(0, 0, r * 0.3, accent) }))
    if (!o.lite) prims.push(ball(doc, c, af, [0, -6, 166], 3.2, front ? LED_GREEN : '#ef4444'))
    const hubAt: V3 = [0, 19, 152]
    const spinA = (a * 37 + 15) % 180
    const pid = o.spin
      ? def(
          doc,
          'disc',
          (id) =>
            `<g id="${id}">${C(0, 0, 76, WHITE, ' opacity=".3"')}${C(0, 0, 76, 'none', ` stroke="${WHITE}" stroke-width="1.5" opacity=".55"`)}${R(-74, -4, 148, 8, SL[800], 4, ' opacity=".3"')}${C(0, 0, 6, SL[800])}</g>`,
        )
      : def(doc, `prop${front}`, (id) => {
          const bid = def(doc, 'dblade', (b) => `<path id="${b}" d="${bladePath(76, 15, 0, 9)}"/>`)
          const tipCol = front ? accent : SL[500]
          const g = lgrad(
            doc,
            [
              [0, SL[900]],
              [0.86, SL[900]],
              [0.86, tipCol],
            ],
            [0, 0, 1, 0],
          )
          const bl = `<use xlink:href="#${bid}" fill="url(#${g})"/>`
          return `<g id="${id}">${bl}${G('rotate(180)', bl)}${C(0, 0, 6, SL[700])}</g>`
        })
    const hubW = fp(af, hubAt)
    if (!outside([scr(c, hubW)], 80 * c.s)) {
      prims.push({ d: dep(c, hubW) + 8, s: `<use xlink:href="#${pid}" transform="${mat(c, hubW, af.x, af.z)} rotate(${spinA})"/>` })
    }
  }
  // Landing gear.
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) prims.push(tube(doc, c, f, [sx * 24, -16, sz * 28], [sx * 74, -116, sz * 48], 4, carbon, { bias: -150 }))
    prims.push(tube(doc, c, f, [sx * 76, -120, -92], [sx * 76, -120, 92], 4.5, carbon, { bias: -150 }))
  }
  // Payload rail and gimbal camera.
  prims.push(box(c, f, [0, -20, 6], [70, 8, 56], SL[500], { bias: -100 }))
  if (!o.lite) {
    for (const [dx, dz] of [
      [-1, -1],
      [1, -1],
      [-1, 1],
      [1, 1],
    ] as const)
      prims.push(ball(doc, c, f, [dx * 24, -28, 6 + dz * 18], 5, accent, -110))
    prims.push(box(c, f, [0, -36, 6], [54, 6, 44], SL[600], { bias: -112 }))
  }
  prims.push(cyl(doc, c, f, [0, -48, 6], [0, 1, 0], 10, 10, SL[500], { bias: -120 }))
  prims.push(box(c, f, [0, -72, 8], [44, 40, 44], '#e9eef4', { bias: -125 }))
  prims.push(
    cyl(doc, c, f, [0, -72, 30], [0, 0, 1], 10, 15, SL[900], {
      bias: -124,
      cap: (r) => C(0, 0, r * 0.8, accent) + C(0, 0, r * 0.66, '#17324f') + C(-r * 0.25, -r * 0.25, r * 0.2, '#9fd0ff', ' opacity=".7"'),
    }),
  )
  return prims
}
const drawDrone: Drawer = (doc, x) => {
  const v = x.view % 4
  if (v === 3) {
    const c = camAt(-24, 24, 1.15, [0, 0, 0], 420, 330)
    const f = rot(rot(WORLD, 'z', -5), 'x', 6)
    return landscape(doc, 800, 800, 470, 1) + shadow(doc, 360, 690, 230, 40, 0.22) + render(droneModel(doc, c, f, x.accent, { spin: true }))
  }
  const bg = studio(doc, 800, 800, x.accent, v === 2 ? 2 : v)
  if (v === 1) return bg + shadow(doc, 400, 400, 340, 340, 0.16) + render(droneModel(doc, camAt(180, 89.9, 1.55, [0, 0, 0]), WORLD, x.accent))
  if (v === 2) return bg + shadow(doc, 400, 760, 300, 30, 0.2) + render(droneModel(doc, camAt(6, 20, 3.1, [0, 0, 0], 400, 390), WORLD, x.accent))
  return bg + shadow(doc, 400, 650, 320, 50) + render(droneModel(doc, camAt(-20, 22, 1.5, [0, -20, 0], 400, 400), WORLD, x.accent))
}

// ───────────────────────────── which drawing for which product ─────────────────────────────

function drawerFor(id: string, category: string): Drawer {
  const has = (...words: string[]): boolean => words.some((w) => id.includes(w))
  if (id === 'unidrone-e900' || has('hexacopter')) return drawDrone
  if (has('rtk', 'gps', 'gnss', 'compass')) return drawGnss
  if (has('nano', 'board')) return drawBoard
  if (has('thermal')) return drawGimbal('thermal')
  if (has('mapping')) return drawGimbal('mapping')
  if (has('zoom', 'gimbal')) return drawGimbal('zoom')
  if (has('fpv')) return drawFpv
  if (has('air-unit', 'video')) return drawAirUnit
  if (has('receiver', 'rx')) return drawReceiver
  if (has('controller', 'ground-control', 'ground-station', 'radio')) return drawController
  if (has('motor')) return drawMotor
  if (has('prop')) return drawProp
  if (has('esc')) return drawEsc
  if (has('battery', 'cell')) return drawBattery
  if (has('charge')) return drawCharger
  if (has('landing', 'gear')) return drawGear
  if (has('case')) return drawCase
  if (category === 'cameras') return drawGimbal('zoom')
  if (category === 'radio-controllers') return drawController
  if (category === 'propulsion') return drawMotor
  if (category === 'parts-accessories') return drawBattery
  return drawAutopilot
}

// ───────────────────────────── tiles and use-case scenes ─────────────────────────────

function tileSvg(name: string): string {
  return svgDoc(800, 500, (doc) => {
    const accent = accentOf(name)
    if (name === 'cameras') {
      const c = camAt(-28, 12, 0.98, [0, 60, 0], 430, 225)
      return landscape(doc, 800, 500, 330, 2) + shadow(doc, 430, 420, 190, 24, 0.22) + render(gimbalModel(doc, c, WORLD, 'zoom', accent, 8).prims)
    }
    if (name === 'radio-controllers') {
      const c = camAt(-18, 16, 0.6, [0, 20, 0], 450, 280)
      const dc = camAt(-20, 20, 0.28, [0, 0, 0], 150, 110)
      return (
        landscape(doc, 800, 500, 300, 3) +
        render(droneModel(doc, dc, rot(WORLD, 'z', -8), accent, { spin: true, lite: true })) +
        shadow(doc, 450, 460, 200, 22, 0.25) +
        render(controllerModel(doc, c, rot(WORLD, 'z', 4), 'handheld', accent))
      )
    }
    if (name === 'autopilots') {
      const c = camAt(-26, 30, 1.05, [60, 40, 0], 330, 300)
      const g = camAt(-26, 18, 0.85, [0, -60, 0], 620, 250)
      const desk = lgrad(doc, [
        [0, '#e9eef5'],
        [1, '#cdd7e5'],
      ])
      return (
        landscape(doc, 800, 500, 250, 4) +
        P('M0 330L800 300V500H0Z', `url(#${desk})`) +
        shadow(doc, 340, 400, 220, 40) +
        shadow(doc, 620, 352, 80, 14) +
        render(gnssModel(doc, g, WORLD, accent, true, 150)) +
        render(autopilotBox(doc, c, WORLD, accent))
      )
    }
    const c = camAt(-22, 22, 0.86, [0, -10, 0], 420, 220)
    return landscape(doc, 800, 500, 300, 1) + shadow(doc, 390, 445, 170, 22, 0.2) + render(droneModel(doc, c, rot(WORLD, 'z', -6), accent, { spin: true }))
  })
}

function smallDrone(doc: Doc, x: number, y: number, s: number, accent: string): string {
  const c = camAt(-20, 30, s, [0, 0, 0], x, y)
  return render(droneModel(doc, c, rot(WORLD, 'z', -6), accent, { spin: true, lite: true }))
}
function beam(doc: Doc, x: number, y: number, x0: number, x1: number, yb: number): string {
  const g = lgrad(doc, [
    [0, WHITE, 0.5],
    [1, WHITE, 0.08],
  ])
  return P(`M${x - 8} ${y}L${x0} ${yb}L${x1} ${yb}L${x + 8} ${y}Z`, `url(#${g})`)
}
/** A detection box (unit square scaled to w × h) with bright corners. */
function countBox(doc: Doc, x: number, y: number, w: number, h: number): string {
  const id = def(
    doc,
    'count',
    (i) =>
      `<g id="${i}">${R(0, 0, 100, 100, '#facc15', 4, ' fill-opacity=".14"')}${P('M0 26V0H26M74 0H100V26M100 74V100H74M26 100H0V74', 'none', ' stroke="#facc15" stroke-width="7" stroke-linecap="round"')}</g>`,
  )
  return `<use xlink:href="#${id}" transform="translate(${Math.round(x)} ${Math.round(y)}) scale(${n3(w / 100)} ${n3(h / 100)})"/>`
}

function useCaseSvg(name: string): string {
  return svgDoc(600, 400, (doc) => {
    if (name === 'animal-counting') {
      const water = lgrad(doc, [
        [0, '#5fb8d6'],
        [1, '#1f6f9c'],
      ])
      let s = R(0, 0, 600, 400, `url(#${water})`)
      s +=
        P('M0 0H600V46C520 60 430 40 330 52S120 44 0 64Z', '#e9d9a8') +
        P('M0 64C120 44 230 58 330 52S520 60 600 46V58C520 72 430 56 330 66S120 58 0 76Z', '#bfe3ee', ' opacity=".8"')
      for (let i = 0; i < 7; i++) {
        const y = 110 + i * 44
        s += P(`M${20 + (i % 3) * 40} ${y}q30-8 60 0t60 0`, 'none', ` stroke="#ffffff" stroke-width="2.5" opacity=".3" stroke-linecap="round"`)
        s += P(`M${380 - (i % 2) * 50} ${y + 14}q30-8 60 0t60 0`, 'none', ` stroke="#ffffff" stroke-width="2.5" opacity=".25" stroke-linecap="round"`)
      }
      const fish = def(doc, 'fish', (id) => `<path id="${id}" d="M-26 0C-14-14 14-14 26 0C14 14-14 14-26 0ZM20 0l16-12v24Z"/>`)
      const fishes: [number, number, number, number][] = [
        [150, 250, 20, 1],
        [230, 300, -10, 0.9],
        [310, 235, 15, 1.1],
        [420, 290, -25, 1],
        [480, 220, 5, 0.8],
        [360, 340, 30, 0.9],
      ]
      for (const [fx, fy, a, k] of fishes) {
        s += `<use xlink:href="#${fish}" fill="#f08a4b" transform="translate(${fx} ${fy}) rotate(${a}) scale(${k})"/>`
        s += countBox(doc, fx - 44 * k, fy - 26 * k, 88 * k, 52 * k)
      }
      // A turtle.
      const fl = '#3f7d4e'
      s +=
        G(
          'translate(112 348) rotate(-20)',
          E(10, -17, 12, 5, fl, ' transform="rotate(-35 10 -17)"') +
            E(10, 17, 12, 5, fl, ' transform="rotate(35 10 17)"') +
            E(-16, -12, 7, 4, fl, ' transform="rotate(30 -16 -12)"') +
            E(-16, 12, 7, 4, fl, ' transform="rotate(-30 -16 12)"') +
            C(27, 0, 7, fl) +
            E(0, 0, 22, 16, '#2f6b40') +
            E(0, 0, 15, 10, '#6aa85a'),
        ) + countBox(doc, 70, 312, 86, 70)
      return s + beam(doc, 300, 115, 120, 480, 380) + smallDrone(doc, 300, 80, 0.42, '#f97316')
    }
    if (name === 'livestock-monitoring') {
      let s = landscape(doc, 600, 400, 150, 5)
      const cowId = def(
        doc,
        'cow',
        (id) =>
          `<g id="${id}"><rect x="-30" y="-16" width="58" height="28" rx="13"/><path d="M18-14L32-20V-2L22 4Z"/><rect x="28" y="-22" width="19" height="17" rx="6"/><ellipse cx="29" cy="-20" rx="6" ry="2.5"/><path d="M-26 0h7v30h-7zM-14 0h7v30h-7zM10 0h7v30h-7zM18 0h7v30h-7zM-29-10l-5 2-3 18h4z"/><path d="M-14 12h7v18h-7zM18 12h7v18h-7zM41-20h6v14h-6z" fill="#000" opacity=".22"/></g>`,
      )
      const patches = def(doc, 'patch', (id) => `<g id="${id}">${C(-10, -4, 8, SL[800])}${C(10, -8, 6, SL[800])}${C(44, -12, 3, SL[800])}</g>`)
      const cow = (x: number, y: number, k: number, body: string, flip: boolean): string =>
        `<g transform="translate(${x} ${y}) scale(${flip ? -k : k} ${k})" fill="${body}"><use xlink:href="#${cowId}"/>${body === '#f3efe6' ? `<use xlink:href="#${patches}"/>` : ''}</g>`
      const herd: [number, number, number, string, boolean][] = [
        [140, 250, 0.9, '#7a4a2a', false],
        [230, 300, 1.1, SL[800], true],
        [330, 260, 0.95, '#f3efe6', false],
        [420, 320, 1.2, '#9a5b32', true],
        [500, 240, 0.8, SL[800], false],
        [80, 330, 1.15, '#f3efe6', true],
      ]
      for (const [x, y, k, b, fl] of herd) s += cow(x, y, k, b, fl)
      for (const [x, y, k] of herd) s += countBox(doc, x - 42 * k, y - 38 * k, 96 * k, 72 * k)
      return s + smallDrone(doc, 420, 90, 0.4, '#e11d48')
    }
    if (name === 'mine-surveying') {
      const sky = lgrad(doc, [
        [0, '#a9cdee'],
        [1, '#eef5fb'],
      ])
      let s = R(0, 0, 600, 400, '#d9b98a') + R(0, 0, 600, 110, `url(#${sky})`) + P('M0 110C120 96 200 104 300 98S500 92 600 104V130H0Z', '#c9a97a')
      const tiers = ['#cfa877', '#c39a68', '#b68b5a', '#a77c4e', '#966d44', '#845f3b']
      tiers.forEach((col, i) => {
        const rx = 290 - i * 42
        const ry = 130 - i * 19
        s += E(300, 270 + i * 8, rx, ry, col) + E(300, 270 + i * 8 - ry + 3, rx * 0.6, 3, light(col, 0.25), ' opacity=".6"')
      })
      s += E(300, 322, 50, 20, '#4aa3b5') + E(292, 318, 30, 8, '#8fd0dc', ' opacity=".6"')
      s += P('M40 250C150 300 260 330 380 300S540 250 520 220', 'none', ` stroke="#e8d2ab" stroke-width="8" opacity=".8"`)
      s += R(440, 290, 26, 14, '#f59e0b', 3) + R(462, 294, 10, 10, '#f59e0b', 2) + C(446, 306, 4, SL[800]) + C(464, 306, 4, SL[800])
      // Survey grid and ground control points.
      let grid = ''
      for (let i = 0; i <= 10; i++) grid += `M${30 + i * 54} 140V390`
      for (let j = 0; j <= 5; j++) grid += `M30 ${140 + j * 50}H570`
      s += P(grid, 'none', ` stroke="#ffffff" stroke-width="1.5" stroke-dasharray="6 5" opacity=".75"`)
      for (const [gx, gy] of [
        [84, 190],
        [462, 190],
        [138, 340],
        [516, 340],
        [300, 240],
      ] as const) {
        s += R(gx - 9, gy - 9, 18, 18, WHITE) + P(`M${gx - 9} ${gy - 9}h9v9h9v9h-9v-9h-9z`, SL[900])
      }
      return s + beam(doc, 300, 95, 150, 450, 260) + smallDrone(doc, 300, 70, 0.4, '#f59e0b')
    }
    // Crop monitoring: rows converging to the horizon under a health-map overlay.
    const sky = lgrad(doc, [
      [0, '#9cc8f0'],
      [1, '#eef6fc'],
    ])
    const hz = 124
    const vx = 300
    let s =
      R(0, 0, 600, hz + 6, `url(#${sky})`) +
      P(`M0 ${hz - 4}C150 ${hz - 20} 300 ${hz - 12} 420 ${hz - 20}S560 ${hz - 14} 600 ${hz - 16}V${hz + 6}H0Z`, '#8fb27f')
    s += R(0, hz, 600, 400 - hz, '#3f9a4a')
    const blob = (x: number, y: number, rx: number, color: string): string => {
      const g = rgrad(doc, [
        [0, color],
        [0.6, color, 0.85],
        [1, color, 0],
      ])
      return E(x, y, rx, rx * 0.42 * (0.5 + (y - hz) / (400 - hz)), `url(#${g})`)
    }
    s += blob(120, 330, 170, '#1f7a3a') + blob(470, 190, 150, '#9fd356') + blob(140, 180, 110, '#1f7a3a')
    s += blob(400, 300, 190, '#f4d03f') + blob(420, 305, 120, '#f08c2e') + blob(430, 310, 55, '#d7352b')
    s += blob(230, 220, 90, '#f4d03f') + blob(235, 222, 40, '#f08c2e') + blob(560, 370, 90, '#9fd356')
    let furrows = ''
    for (let i = -12; i <= 12; i++) {
      const x = vx + i * 70
      furrows += `M${vx} ${hz}L${x - 7} 400H${x + 7}Z`
    }
    s += P(furrows, '#0f3a1c', ' opacity=".35"')
    const legend = lgrad(
      doc,
      [
        [0, '#d7352b'],
        [0.35, '#f4d03f'],
        [0.7, '#9fd356'],
        [1, '#1f7a3a'],
      ],
      [0, 0, 1, 0],
    )
    s += R(440, 366, 140, 14, WHITE, 7, ' opacity=".8"') + R(446, 369, 128, 8, `url(#${legend})`, 4)
    return s + beam(doc, 300, 96, 130, 470, 330) + smallDrone(doc, 300, 70, 0.4, '#8b5cf6')
  })
}

// ───────────────────────────── PDF manuals ─────────────────────────────

/** Plain ASCII for the PDF's standard fonts. */
function toAscii(text: string): string {
  return text
    .replace(/[\u00d7]/g, 'x')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u201a\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/\u00b0\s?([CF])\b/g, 'deg $1')
    .replace(/\u00b0/g, ' deg')
    .replace(/[\u00b5\u03bc]/g, 'u')
    .replace(/\u00b1/g, '+/-')
    .replace(/\u2026/g, '...')
    .replace(/[\u00a0\u2009\u202f]/g, ' ')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e\n]/g, '')
}
const pdfString = (text: string): string => '(' + text.replace(/[\\()]/g, (m) => '\\' + m) + ')'

function wrap(text: string, width: number): string[] {
  const out: string[] = []
  for (const para of text.split('\n')) {
    let line = ''
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line)
        line = word
      } else line = line ? `${line} ${word}` : word
    }
    out.push(line)
  }
  return out
}

interface Line {
  font: 'F1' | 'F2'
  size: number
  text: string
  indent: number
  /** Space above the line in points. */
  before: number
  keepWithNext?: boolean
}

function manualLines(p: ProductFields): Line[] {
  const lines: Line[] = []
  const heading = (t: string): void => {
    lines.push({ font: 'F2', size: 13, text: toAscii(t), indent: 0, before: 12, keepWithNext: true })
  }
  const para = (t: string): void => {
    wrap(toAscii(t), 92).forEach((l, i) => lines.push({ font: 'F1', size: 10, text: l, indent: 0, before: i === 0 ? 3 : 0 }))
  }
  const list = (items: readonly ProductItem[], sep: string): void => {
    for (const it of items) {
      wrap(toAscii(`${it.label}${sep}${it.description}`), 88).forEach((l, i) =>
        lines.push({ font: 'F1', size: 10, text: i === 0 ? `- ${l}` : l, indent: i === 0 ? 0 : 9, before: 0 }),
      )
    }
  }
  const desc = p.productDescriptions
  const titled = (label: string): string => (label.toLowerCase() === 'read more' ? 'Details' : label)
  if (desc[0]) {
    heading('Overview')
    para(desc[0].description)
  }
  heading('Specifications')
  list(p.productSpecifications, ': ')
  heading('Features')
  list(p.productFeatures, ' - ')
  heading('Dimensions')
  list(p.productDimensions, ': ')
  for (const d of desc.slice(1, 5)) {
    heading(titled(d.label))
    para(d.description)
  }
  heading('Shipping and returns')
  list(p.productShipping, ': ')
  heading('Safety and support')
  para(
    'Read this manual before first use and keep it with the product. Fly only where it is legal and safe, follow the current CASA rules, and check all parts for damage before every flight. For help, warranty claims and firmware updates, contact the UniDrone Robotics support team through our online shop.',
  )
  return lines
}

const A4: readonly [number, number] = [595, 842]
const MARGIN = 56

function layoutPages(title: string, lines: Line[]): string[] {
  const pages: string[][] = []
  const top = A4[1] - 78
  const bottom = 64
  let ops: string[] = []
  let y = top
  const text = (font: string, size: number, x: number, yy: number, t: string, gray = 0.1): string =>
    `BT /${font} ${size} Tf ${gray} g ${n1(x)} ${n1(yy)} Td ${pdfString(t)} Tj ET`
  const newPage = (): void => {
    ops = []
    pages.push(ops)
    y = top
  }
  newPage()
  // Title block on the first page.
  ops.push(text('F2', 22, MARGIN, y - 10, toAscii(title), 0.06))
  y -= 34
  ops.push(text('F1', 12, MARGIN, y, 'UniDrone Robotics - user manual', 0.35))
  y -= 14
  ops.push(`0.09 0.294 0.659 RG 1.2 w ${MARGIN} ${n1(y)} m ${A4[0] - MARGIN} ${n1(y)} l S`)
  y -= 8
  lines.forEach((l, i) => {
    const lead = l.size * 1.38
    let need = l.before + lead
    if (l.keepWithNext) {
      const next = lines[i + 1]
      if (next) need += next.before + next.size * 1.38 * 3
    }
    if (y - need < bottom) newPage()
    if (!l.text && y === top) return
    y -= l.before + lead
    ops.push(text(l.font, l.size, MARGIN + l.indent, y, l.text, l.font === 'F2' ? 0.09 : 0.15))
  })
  const total = pages.length
  return pages.map((p, i) =>
    [
      '0.09 0.294 0.659 rg',
      `0 ${A4[1] - 36} ${A4[0]} 36 re f`,
      text('F2', 11, MARGIN, A4[1] - 23, 'UniDrone Robotics', 1),
      text('F1', 9, A4[0] - MARGIN - 88, A4[1] - 23, 'Brisbane, Australia', 1),
      ...p,
      `0.8 G 0.6 w ${MARGIN} 46 m ${A4[0] - MARGIN} 46 l S`,
      text('F1', 8, MARGIN, 32, toAscii(`${title} - user manual`), 0.4),
      text('F1', 8, A4[0] - MARGIN - 50, 32, `Page ${i + 1} of ${total}`, 0.4),
    ].join('\n'),
  )
}

/** A PDF 1.4 file written byte by byte, with an exact cross-reference table. */
function buildPdf(title: string, pageStreams: string[]): Buffer {
  const objects: string[] = []
  const pageCount = pageStreams.length
  const firstPage = 6
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>'
  objects[2] = `<< /Type /Pages /Kids [${pageStreams.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ')}] /Count ${pageCount} >>`
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'
  objects[5] = `<< /Title ${pdfString(toAscii(title) + ' - user manual')} /Author (UniDrone Robotics) /Producer (UniDrone Robotics draw-catalog-art) >>`
  pageStreams.forEach((stream, i) => {
    const pageId = firstPage + i * 2
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4[0]} ${A4[1]}] ` + `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`
  })
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])]
  let offset = chunks.reduce((n, b) => n + b.length, 0)
  const offsets: number[] = []
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = offset
    const buf = Buffer.from(`${id} 0 obj\n${objects[id]}\nendobj\n`, 'latin1')
    chunks.push(buf)
    offset += buf.length
  }
  const xrefAt = offset
  let xref = `xref\n0 ${objects.length}\n0000000000 65535 f \n`
  for (let id = 1; id < objects.length; id++) xref += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  xref += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`
  chunks.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(chunks)
}

// ───────────────────────────── main ─────────────────────────────

function write(relPath: string, data: string | Buffer): number {
  const file = join(PUBLIC_DIR, relPath)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, data)
  return typeof data === 'string' ? Buffer.byteLength(data) : data.length
}

function main(): void {
  let images = 0
  let manuals = 0
  let largest = 0
  for (const product of demoProducts) {
    const id = slugify(product.productName)
    const drawer = drawerFor(id, product.productCategory)
    const accent = accentOf(id)
    product.productImages.forEach((image, view) => {
      const size = write(
        image.value,
        svgDoc(800, 800, (doc) => drawer(doc, { id, accent, view })),
      )
      largest = Math.max(largest, size)
      images++
    })
    for (const download of product.productDownloads) {
      if (!download.value.endsWith('.pdf')) continue
      write(download.value, buildPdf(product.productName, layoutPages(product.productName, manualLines(product))))
      manuals++
    }
  }
  for (const name of ['cameras', 'radio-controllers', 'autopilots', 'unidrone-e900']) write(`/images/tiles/${name}.svg`, tileSvg(name))
  for (const name of ['animal-counting', 'livestock-monitoring', 'mine-surveying', 'crop-monitoring']) write(`/images/use-cases/${name}.svg`, useCaseSvg(name))
  console.log(`Wrote ${images} product images (largest ${largest} bytes), 4 tiles, 4 use-case scenes and ${manuals} manuals under public/.`)
}

main()
