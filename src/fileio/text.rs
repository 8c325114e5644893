//! Text inputs: a leading UTF-8 byte-order mark (which some Windows editors write) is not part
//! of the text, in any format.

/// `bytes` without a leading UTF-8 byte-order mark.
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The UTF-8 text of `bytes`, without a leading byte-order mark.
pub fn text_of(bytes: &[u8]) -> Result<&str, std::str::Utf8Error> {
    std::str::from_utf8(without_bom(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped_and_only_at_the_start() {
        assert_eq!(text_of(b"\xEF\xBB\xBFtype octile").unwrap(), "type octile");
        assert_eq!(text_of(b"type\xEF\xBB\xBF").unwrap(), "type\u{feff}");
        assert_eq!(without_bom(b"glTF"), b"glTF");
        assert!(text_of(b"\xEF\xBB").is_err());
    }
}
