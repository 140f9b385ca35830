/**
 * A truncated SVD of a sparse matrix by randomized range finding (Halko, Martinsson & Tropp 2011,
 * algorithms 4.4 and 5.1): a random projection of the rows, a few power iterations with the basis
 * re-orthonormalised after each, then the exact SVD of the small projected matrix through the
 * eigen-decomposition of its Gram matrix (cyclic Jacobi). Deterministic for a given seed.
 */

/** Compressed sparse rows: row i holds columns col[rowStart[i] … rowStart[i+1]) with values val. */
export interface SparseRows {
  rows: number;
  cols: number;
  rowStart: Uint32Array;
  col: Uint32Array;
  val: Float32Array;
}

export interface TruncatedSvd {
  k: number;
  /** Singular values, largest first (k). */
  sigma: Float64Array;
  /** Left vectors scaled by sigma (rows × k, row-major): each row's coordinates. */
  rowCoords: Float64Array;
  /** Right singular vectors (cols × k, row-major): a column's direction in the latent space. */
  colVectors: Float64Array;
}

/** mulberry32: a small seeded generator, so that the same matrix gives the same vectors. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** out (rows × l) = A × X, X (cols × l), row-major. */
function multiply(a: SparseRows, x: Float64Array, l: number, out: Float64Array): void {
  out.fill(0);
  for (let i = 0; i < a.rows; i++) {
    const o = i * l;
    for (let p = a.rowStart[i]!; p < a.rowStart[i + 1]!; p++) {
      const v = a.val[p]!;
      const xo = a.col[p]! * l;
      for (let j = 0; j < l; j++) out[o + j]! += v * x[xo + j]!;
    }
  }
}

/** out (cols × l) = Aᵀ × Y, Y (rows × l), row-major. */
function multiplyTransposed(a: SparseRows, y: Float64Array, l: number, out: Float64Array): void {
  out.fill(0);
  for (let i = 0; i < a.rows; i++) {
    const yo = i * l;
    for (let p = a.rowStart[i]!; p < a.rowStart[i + 1]!; p++) {
      const v = a.val[p]!;
      const o = a.col[p]! * l;
      for (let j = 0; j < l; j++) out[o + j]! += v * y[yo + j]!;
    }
  }
}

/**
 * Orthonormalises the l columns of Y (n × l, row-major) in place by modified Gram–Schmidt (one
 * pass is enough here: Y is well conditioned after each A·Aᵀ step from an orthonormal basis), on a column-major copy (contiguous dot products). A column that
 * vanishes (rank deficiency) becomes zero.
 */
function orthonormalize(y: Float64Array, n: number, l: number, passes = 1): void {
  const c = new Float64Array(n * l);
  for (let i = 0; i < n; i++) for (let j = 0; j < l; j++) c[j * n + i] = y[i * l + j]!;
  for (let j = 0; j < l; j++) {
    const cj = j * n;
    for (let pass = 0; pass < passes; pass++)
      for (let q = 0; q < j; q++) {
        const cq = q * n;
        let r = 0;
        for (let i = 0; i < n; i++) r += c[cq + i]! * c[cj + i]!;
        for (let i = 0; i < n; i++) c[cj + i]! -= r * c[cq + i]!;
      }
    let norm = 0;
    for (let i = 0; i < n; i++) norm += c[cj + i]! ** 2;
    norm = Math.sqrt(norm);
    const scale = norm > 1e-12 ? 1 / norm : 0;
    for (let i = 0; i < n; i++) c[cj + i]! *= scale;
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < l; j++) y[i * l + j] = c[j * n + i]!;
}

/**
 * Eigen-decomposition of a symmetric l × l matrix (row-major, destroyed) by cyclic Jacobi
 * rotations: eigenvalues and the eigenvectors as the columns of `vectors`, unsorted.
 */
export function symmetricEigen(m: Float64Array, l: number): { values: Float64Array; vectors: Float64Array } {
  const v = new Float64Array(l * l);
  for (let i = 0; i < l; i++) v[i * l + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    let diag = 0;
    for (let p = 0; p < l; p++) {
      diag += m[p * l + p]! ** 2;
      for (let q = p + 1; q < l; q++) off += m[p * l + q]! ** 2;
    }
    if (off <= 1e-22 * diag) break;
    for (let p = 0; p < l - 1; p++)
      for (let q = p + 1; q < l; q++) {
        const apq = m[p * l + q]!;
        if (Math.abs(apq) < 1e-300) continue;
        const app = m[p * l + p]!;
        const aqq = m[q * l + q]!;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let r = 0; r < l; r++) {
          const mrp = m[r * l + p]!;
          const mrq = m[r * l + q]!;
          m[r * l + p] = c * mrp - s * mrq;
          m[r * l + q] = s * mrp + c * mrq;
        }
        for (let r = 0; r < l; r++) {
          const mpr = m[p * l + r]!;
          const mqr = m[q * l + r]!;
          m[p * l + r] = c * mpr - s * mqr;
          m[q * l + r] = s * mpr + c * mqr;
        }
        for (let r = 0; r < l; r++) {
          const vrp = v[r * l + p]!;
          const vrq = v[r * l + q]!;
          v[r * l + p] = c * vrp - s * vrq;
          v[r * l + q] = s * vrp + c * vrq;
        }
      }
  }
  const values = new Float64Array(l);
  for (let i = 0; i < l; i++) values[i] = m[i * l + i]!;
  return { values, vectors: v };
}

/**
 * The k largest singular triplets of A, approximately: oversampling `extra` columns, `powers`
 * power iterations. Cost ≈ (2·powers + 2) sparse products with l = k + extra columns, powers + 1
 * orthonormalisations of a rows × l matrix, and a Jacobi on l × l.
 */
export function truncatedSvd(
  a: SparseRows,
  k: number,
  options: { extra?: number; powers?: number; seed?: number } = {},
): TruncatedSvd {
  const l = Math.min(k + (options.extra ?? 10), a.rows, a.cols);
  const rand = random(options.seed ?? 1);
  const omega = new Float64Array(a.cols * l);
  for (let i = 0; i < omega.length; i += 2) {
    // Box–Muller: two normal deviates per pair of uniforms.
    const r = Math.sqrt(-2 * Math.log(1 - rand()));
    const t = 2 * Math.PI * rand();
    omega[i] = r * Math.cos(t);
    if (i + 1 < omega.length) omega[i + 1] = r * Math.sin(t);
  }
  const y = new Float64Array(a.rows * l);
  multiply(a, omega, l, y);
  orthonormalize(y, a.rows, l);
  const z = omega; // cols × l, reused
  for (let it = 0; it < (options.powers ?? 2); it++) {
    multiplyTransposed(a, y, l, z);
    multiply(a, z, l, y);
    orthonormalize(y, a.rows, l);
  }
  // B = Qᵀ A (l × cols), kept transposed: Bᵀ = Aᵀ Q (cols × l); its Gram B Bᵀ is l × l.
  multiplyTransposed(a, y, l, z);
  const gram = new Float64Array(l * l);
  for (let c = 0; c < a.cols; c++) {
    const o = c * l;
    for (let i = 0; i < l; i++) {
      const zi = z[o + i]!;
      if (zi === 0) continue;
      for (let j = i; j < l; j++) gram[i * l + j]! += zi * z[o + j]!;
    }
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) gram[i * l + j] = gram[j * l + i]!;
  const { values, vectors } = symmetricEigen(gram, l);
  const order = [...values.keys()].sort((p, q) => values[q]! - values[p]!).slice(0, k);
  const kk = order.length;
  const sigma = new Float64Array(kk);
  order.forEach((e, j) => (sigma[j] = Math.sqrt(Math.max(0, values[e]!))));
  // A ≈ Q B = Q W Σ Vᵀ with B Bᵀ = W Σ² Wᵀ: V = Bᵀ W Σ⁻¹, and a row's coordinates A·V (= U Σ).
  const colVectors = new Float64Array(a.cols * kk);
  const w = new Float64Array(l * kk);
  for (let m = 0; m < l; m++)
    for (let j = 0; j < kk; j++) w[m * kk + j] = sigma[j]! > 0 ? vectors[m * l + order[j]!]! / sigma[j]! : 0;
  for (let c = 0; c < a.cols; c++) {
    const o = c * kk;
    for (let m = 0; m < l; m++) {
      const zm = z[c * l + m]!;
      if (zm === 0) continue;
      const wm = m * kk;
      for (let j = 0; j < kk; j++) colVectors[o + j]! += zm * w[wm + j]!;
    }
  }
  const rowCoords = new Float64Array(a.rows * kk);
  multiply(a, colVectors, kk, rowCoords);
  return { k: kk, sigma, rowCoords, colVectors };
}
