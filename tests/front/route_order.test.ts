/*
 * The map's route order (shared/route_order.ts): great-circle distances, nearest neighbour from
 * the start, 2-opt removing a crossing, the totals, and the degenerate days.
 */
import { describe, expect, it } from 'vitest'
import {
  VITESSE_MOYENNE_KMH,
  dureeTrajetMinutes,
  formatKm,
  formatMinutes,
  haversineKm,
  longueurKm,
  ordonnerTournee,
  type Point,
} from '@shared/route_order'

const NAMUR: Point = { lat: 50.4674, lng: 4.8718 }
const BRUXELLES: Point = { lat: 50.8467, lng: 4.3525 }
const LIEGE: Point = { lat: 50.6326, lng: 5.5797 }
const CHARLEROI: Point = { lat: 50.4108, lng: 4.4446 }

describe('haversineKm', () => {
  it('is zero for one point and symmetric', () => {
    expect(haversineKm(NAMUR, NAMUR)).toBe(0)
    expect(haversineKm(NAMUR, LIEGE)).toBeCloseTo(haversineKm(LIEGE, NAMUR), 9)
  })

  it('gives the known straight-line distances (±1 km)', () => {
    expect(haversineKm(BRUXELLES, NAMUR)).toBeGreaterThan(54)
    expect(haversineKm(BRUXELLES, NAMUR)).toBeLessThan(56)
    expect(haversineKm(NAMUR, LIEGE)).toBeGreaterThan(52)
    expect(haversineKm(NAMUR, LIEGE)).toBeLessThan(54)
  })

  it('one degree of latitude is about 111 km', () => {
    expect(haversineKm({ lat: 50, lng: 4 }, { lat: 51, lng: 4 })).toBeCloseTo(111.2, 0)
  })
})

describe('ordonnerTournee', () => {
  it('an empty day has no order, no km, no time', () => {
    expect(ordonnerTournee([])).toEqual({ ordre: [], km: 0, minutes: 0 })
  })

  it('one visit: that visit, 0 km without a start, the leg from the start with one', () => {
    expect(ordonnerTournee([NAMUR])).toEqual({ ordre: [0], km: 0, minutes: 0 })
    const fromBxl = ordonnerTournee([NAMUR], BRUXELLES)
    expect(fromBxl.ordre).toEqual([0])
    expect(fromBxl.km).toBeCloseTo(haversineKm(BRUXELLES, NAMUR), 9)
    expect(fromBxl.minutes).toBe(dureeTrajetMinutes(fromBxl.km))
  })

  it('points on a line are visited along it from the first visit', () => {
    const line = [0, 3, 1, 4, 2].map((k) => ({ lat: 50, lng: 4 + k * 0.1 }))
    const t = ordonnerTournee(line)
    expect(t.ordre).toEqual([0, 2, 4, 1, 3])
    expect(t.km).toBeCloseTo(haversineKm(line[0], line[3]), 2) // a parallel is not a great circle
  })

  it('from the company address, the nearest visit comes first', () => {
    const t = ordonnerTournee([LIEGE, CHARLEROI, NAMUR], BRUXELLES)
    expect(t.ordre).toEqual([1, 2, 0])
    expect(t.km).toBeCloseTo(longueurKm([LIEGE, CHARLEROI, NAMUR], [1, 2, 0], BRUXELLES), 9)
  })

  it('2-opt removes a crossing nearest neighbour leaves', () => {
    // A square's corners where the greedy walk from A ends with a diagonal back across
    const pts: Point[] = [
      { lat: 50.0, lng: 4.0 }, // A (start)
      { lat: 50.0, lng: 4.1 }, // B, nearest to A
      { lat: 50.1, lng: 4.0 }, // C
      { lat: 50.1, lng: 4.25 }, // D
      { lat: 50.0, lng: 4.22 }, // E
    ]
    // The greedy order A B C D E crosses (B→C and D→E); 2-opt's is shorter and never longer
    const greedy = longueurKm(pts, [0, 1, 2, 3, 4])
    const t = ordonnerTournee(pts)
    expect(t.ordre[0]).toBe(0)
    expect(t.km).toBeLessThan(greedy - 0.5)
    expect([...t.ordre].sort()).toEqual([0, 1, 2, 3, 4])
    // No single reversal shortens the result any more (a 2-opt optimum)
    for (let i = 1; i < t.ordre.length - 1; i++) {
      for (let k = i + 1; k < t.ordre.length; k++) {
        const o = [...t.ordre]
        o.splice(i, k - i + 1, ...o.slice(i, k + 1).reverse())
        expect(longueurKm(pts, o)).toBeGreaterThanOrEqual(t.km - 1e-9)
      }
    }
  })

  it('the time is the km at the average speed, rounded up', () => {
    const t = ordonnerTournee([BRUXELLES, NAMUR, LIEGE])
    expect(t.minutes).toBe(Math.ceil((t.km / VITESSE_MOYENNE_KMH) * 60))
    expect(dureeTrajetMinutes(0)).toBe(0)
    expect(dureeTrajetMinutes(50)).toBe(60)
  })
})

describe('labels', () => {
  it('speaks French', () => {
    expect(formatKm(12.44)).toMatch(/^12,4\s?km$/)
    expect(formatMinutes(45)).toBe('45 min')
    expect(formatMinutes(65)).toBe('1 h 05')
  })
})
