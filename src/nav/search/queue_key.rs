//! Keys for the searches' priority queues: an f64 as an integer in the order of
//! `f64::total_cmp`. A binary heap compares its entries far more often than it makes them, so
//! each float is turned into its key once, when the entry is queued.

/// `x` as an integer ordered as `f64::total_cmp` orders the floats.
pub(crate) fn total_key(x: f64) -> u64 {
    let bits = x.to_bits() as i64;
    ((bits ^ ((((bits >> 63) as u64) >> 1) as i64)) as u64) ^ (1 << 63)
}

/// The float of a [`total_key`].
pub(crate) fn from_total_key(key: u64) -> f64 {
    let bits = (key ^ (1 << 63)) as i64;
    f64::from_bits((bits ^ ((((bits >> 63) as u64) >> 1) as i64)) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_order_as_total_cmp_and_give_the_float_back() {
        let values = [
            f64::NEG_INFINITY,
            -1e300,
            -2.5,
            -f64::MIN_POSITIVE,
            -0.0,
            0.0,
            5e-324,
            1.0,
            1.0 + f64::EPSILON,
            38.37378934808768,
            f64::MAX,
            f64::INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        for a in values {
            assert_eq!(from_total_key(total_key(a)).to_bits(), a.to_bits());
            for b in values {
                assert_eq!(total_key(a).cmp(&total_key(b)), a.total_cmp(&b), "{a} {b}");
            }
        }
    }
}
