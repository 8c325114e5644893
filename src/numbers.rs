//! How numbers are printed, everywhere navscope prints them: never as `-0` (a zero is a zero
//! whatever its sign bit), and in messages compactly (`1e308`, not 309 digits).

use serde::Serialize;

/// `n` and the `noun`, plural unless `n` is 1 ("1 polygon", "2 polygons").
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// A number for a message: plain from 1e-4 to 1e6, in scientific notation beyond.
pub fn compact(x: f64) -> String {
    let magnitude = x.abs();
    if x == 0.0 {
        "0".to_string()
    } else if magnitude.is_finite() && !(1e-4..1e6).contains(&magnitude) {
        format!("{x:e}")
    } else {
        format!("{x}")
    }
}

/// A number with `digits` decimals, as for a table column; what rounds to zero prints without
/// a minus sign.
pub fn fixed(x: f64, digits: usize) -> String {
    let text = format!("{x:.digits$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => text,
    }
}

/// Compact JSON text of `value` (as `serde_json::to_string`), with every `-0` written as `0`.
pub fn to_json<T: Serialize + ?Sized>(value: &T) -> serde_json::Result<String> {
    let mut bytes = Vec::new();
    value.serialize(&mut serde_json::Serializer::with_formatter(
        &mut bytes,
        NoNegativeZero,
    ))?;
    // serde_json writes only UTF-8.
    Ok(String::from_utf8(bytes).unwrap_or_default())
}

/// serde_json's compact formatter, but a zero is written without its sign.
struct NoNegativeZero;

impl serde_json::ser::Formatter for NoNegativeZero {
    fn write_f64<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        value: f64,
    ) -> std::io::Result<()> {
        let value = if value == 0.0 { 0.0 } else { value };
        serde_json::ser::CompactFormatter.write_f64(writer, value)
    }

    fn write_f32<W: std::io::Write + ?Sized>(
        &mut self,
        writer: &mut W,
        value: f32,
    ) -> std::io::Result<()> {
        let value = if value == 0.0 { 0.0 } else { value };
        serde_json::ser::CompactFormatter.write_f32(writer, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_get_short_numbers_and_no_negative_zero() {
        assert_eq!(compact(-0.0), "0");
        assert_eq!(compact(0.5), "0.5");
        assert_eq!(compact(1e308), "1e308");
        assert_eq!(compact(5e-324), "5e-324");
        assert_eq!(compact(-2.5e7), "-2.5e7");
        assert_eq!(compact(123456.5), "123456.5");
        assert_eq!(compact(f64::INFINITY), "inf");
        assert_eq!(fixed(-0.0, 4), "0.0000");
        assert_eq!(fixed(-0.00001, 3), "0.000");
        assert_eq!(fixed(-1.26, 1), "-1.3");
    }

    #[test]
    fn json_writes_zero_without_its_sign() {
        let text = to_json(&[-0.0, 0.0, -1.5, 2e300]).unwrap();
        assert_eq!(text, "[0.0,0.0,-1.5,2e+300]");
    }
}
