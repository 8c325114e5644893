//! Numbers on screen: fixed decimals, never a negative zero ("-0.000" reads as a bug).

/// `x` with `decimals` decimals; a value that rounds to zero is printed without a sign.
pub fn fixed(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(unsigned) if unsigned.chars().all(|c| c == '0' || c == '.') => unsigned.to_string(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::fixed;

    #[test]
    fn no_negative_zero() {
        assert_eq!(fixed(-0.0, 3), "0.000");
        assert_eq!(fixed(-0.0004, 3), "0.000");
        assert_eq!(fixed(-0.0005, 3), "-0.001");
        assert_eq!(fixed(-2.5, 1), "-2.5");
        assert_eq!(fixed(12.3456, 2), "12.35");
    }
}
