//! `Point` (and its alias `Vector`): a 2D f64 coordinate pair, serialised as `[x, y]`.

use serde::{Deserialize, Serialize};
use std::ops::{Add, Mul, Neg, Sub};

/// A position in world units. The same type doubles as a displacement (`Vector`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "[f64; 2]", into = "[f64; 2]")]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

/// A displacement between two points; same representation as [`Point`].
pub type Vector = Point;

impl Point {
    pub const ZERO: Point = Point { x: 0.0, y: 0.0 };

    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// The position as a hash or sort key: the coordinates' bits, with -0.0 read as 0.0 (+0.0
    /// turns one into the other), so that equal positions give equal keys.
    pub fn position_key(self) -> (u64, u64) {
        ((self.x + 0.0).to_bits(), (self.y + 0.0).to_bits())
    }

    pub fn dot(self, o: Vector) -> f64 {
        self.x * o.x + self.y * o.y
    }

    /// z component of the 3D cross product: positive when `o` is counter-clockwise from `self`.
    pub fn cross(self, o: Vector) -> f64 {
        self.x * o.y - self.y * o.x
    }

    /// A plain square root rather than `hypot`: every coordinate is bounded (1e9 in scenes,
    /// 1e15 in imported meshes), so the squares cannot overflow, and `hypot`'s guard made it
    /// a tenth of the search time.
    pub fn length(self) -> f64 {
        self.length_sq().sqrt()
    }

    pub fn length_sq(self) -> f64 {
        self.x * self.x + self.y * self.y
    }

    pub fn distance(self, o: Point) -> f64 {
        (self - o).length()
    }

    pub fn distance_sq(self, o: Point) -> f64 {
        (self - o).length_sq()
    }

    /// The unit vector in this direction, or `None` for a zero (or non-finite) vector.
    pub fn normalized(self) -> Option<Vector> {
        let len = self.length();
        (len > 0.0 && len.is_finite()).then(|| self * (1.0 / len))
    }

    /// This vector turned a quarter counter-clockwise.
    pub fn perp(self) -> Vector {
        Point::new(-self.y, self.x)
    }

    pub fn lerp(self, o: Point, t: f64) -> Point {
        Point::new(self.x + (o.x - self.x) * t, self.y + (o.y - self.y) * t)
    }

    pub fn midpoint(self, o: Point) -> Point {
        Point::new(0.5 * (self.x + o.x), 0.5 * (self.y + o.y))
    }

    pub fn is_finite(self) -> bool {
        self.x.is_finite() && self.y.is_finite()
    }

    /// Angle of this vector from the +x axis, in radians, in (-pi, pi].
    pub fn angle(self) -> f64 {
        self.y.atan2(self.x)
    }

    /// The unit vector at `angle` radians from the +x axis.
    pub fn from_angle(angle: f64) -> Vector {
        Point::new(angle.cos(), angle.sin())
    }
}

impl From<[f64; 2]> for Point {
    fn from([x, y]: [f64; 2]) -> Self {
        Point { x, y }
    }
}

impl From<Point> for [f64; 2] {
    fn from(p: Point) -> Self {
        [p.x, p.y]
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, o: Point) -> Point {
        Point::new(self.x + o.x, self.y + o.y)
    }
}

impl Sub for Point {
    type Output = Point;
    fn sub(self, o: Point) -> Point {
        Point::new(self.x - o.x, self.y - o.y)
    }
}

impl Mul<f64> for Point {
    type Output = Point;
    fn mul(self, s: f64) -> Point {
        Point::new(self.x * s, self.y * s)
    }
}

impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        Point::new(-self.x, -self.y)
    }
}

impl std::fmt::Display for Point {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (x, y) = (
            crate::numbers::compact(self.x),
            crate::numbers::compact(self.y),
        );
        write!(f, "({x}, {y})")
    }
}
