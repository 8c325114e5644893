//! Text inputs: a leading UTF-8 byte-order mark (which some Windows editors write) is not part
//! of the text, in any format; a JSON file's `format` field, read whatever else it holds.

/// `bytes` without a leading UTF-8 byte-order mark.
pub fn without_bom(bytes: &[u8]) -> &[u8] {
    bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
}

/// The `format` field of a JSON object (after any byte-order mark), whatever else it holds;
/// `None` when the bytes are no JSON object or it has no such field.
pub fn json_format(bytes: &[u8]) -> Option<serde_json::Value> {
    #[derive(serde::Deserialize)]
    struct Header {
        format: Option<serde_json::Value>,
    }
    serde_json::from_slice::<Header>(without_bom(bytes))
        .ok()?
        .format
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
