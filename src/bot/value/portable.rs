//! Arithmetic that gives the same bits on every platform: the logistic function, `e^x` and `ln x` in
//! plain `f64` operations. The learned value model's outputs, and the flag chances that are its inputs,
//! must be identical natively and in WebAssembly, and the system's `exp` is not (glibc's natively,
//! Rust's libm in wasm: they differ in the last bit for about one input in ten). The hand-made
//! evaluation, the model and the coach's calibration all use these.

/// The logistic function through [`portable_exp`].
pub(crate) fn sigmoid(x: f32) -> f32 {
    (1.0 / (1.0 + portable_exp(-f64::from(x)))) as f32
}

/// `e^x` by range reduction and a polynomial in plain `f64` arithmetic: the same bits on every
/// platform, unlike the system's `exp`, which differs between libraries (glibc natively, Rust's libm
/// in WebAssembly). Relative error below 1e-12 for |x| ≤ 700.
pub(crate) fn portable_exp(x: f64) -> f64 {
    let x = x.clamp(-700.0, 700.0);
    let k = (x * std::f64::consts::LOG2_E).round();
    let r = x - k * std::f64::consts::LN_2;
    // Taylor series of e^r for |r| ≤ ln 2 / 2, to the 13th power (Horner).
    let mut sum = 1.0;
    for n in (1..=13).rev() {
        sum = 1.0 + sum * r / f64::from(n);
    }
    // 2^k built from its bits (k is within the normal exponents for |x| ≤ 700).
    sum * f64::from_bits(((k as i64 + 1023) as u64) << 52)
}

/// The natural logarithm of a positive finite `x`, in the same portable arithmetic as
/// [`portable_exp`]: `x = m · 2^e` with `m` in [1, 2) read from the bits, then
/// `ln m = 2 atanh((m − 1)/(m + 1))` by its series. Relative error below 1e-13 for normal `x`.
pub(crate) fn portable_ln(x: f64) -> f64 {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mantissa = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let z = (mantissa - 1.0) / (mantissa + 1.0);
    let (z2, mut term, mut sum) = (z * z, z, 0.0);
    for n in 0..20 {
        sum += term / f64::from(2 * n + 1);
        term *= z2;
    }
    2.0 * sum + exponent as f64 * std::f64::consts::LN_2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_portable_exponential_matches_the_system_one() {
        for i in -2000..=2000 {
            let x = f64::from(i) * 0.01;
            let (ours, system) = (portable_exp(x), x.exp());
            assert!(((ours - system) / system).abs() < 1e-12, "{x}: {ours} against {system}");
        }
        assert_eq!(sigmoid(0.0), 0.5);
        for i in 1..=4000 {
            let x = f64::from(i) * 0.00025 + f64::from(i % 7) * 10.0;
            let (ours, system) = (portable_ln(x), x.ln());
            assert!((ours - system).abs() <= 1e-13 * system.abs().max(1.0), "{x}: {ours} against {system}");
        }
        assert!(sigmoid(-200.0) >= 0.0 && sigmoid(200.0) <= 1.0);
    }
}
