//! Triangulation: the constrained Delaunay triangulation (spade) of the free-space contours,
//! faces classified walkable by parity (crossing a contour toggles inside/outside), then
//! packed into a `NavMesh` with adjacency and connected components.

use super::BuildError;
use super::free_space::FreeSpace;
use super::locate::{Cdt, Locator};
use super::mesh::{ComponentId, NavMesh, TriId, VertexId};
use crate::geom::Point;
use crate::scene::Corner;
use spade::handles::FixedVertexHandle;
use spade::{Point2, Triangulation};

/// Triangulates `free`. Contours must not cross (inflation guarantees it); if spade still reports
/// a conflict, the constraints are inserted one by one with splitting instead.
pub fn triangulate(free: &FreeSpace) -> Result<NavMesh, BuildError> {
    let (points, corners, edges) = collect(free);
    let vertices: Vec<Point2<f64>> = points.iter().map(|p| Point2::new(p.x, p.y)).collect();
    let mut conflicts = 0usize;
    let cdt = Cdt::try_bulk_load_cdt(vertices.clone(), edges.clone(), |_| conflicts += 1)
        .map_err(|e| BuildError::Triangulation(format!("{e:?}")))?;
    let cdt = if conflicts == 0 && cdt.num_vertices() == vertices.len() {
        cdt
    } else {
        log::warn!("{conflicts} crossing free-space edges; splitting them");
        insert_splitting(&vertices, &edges)?
    };
    let mut corners = corners;
    corners.resize(cdt.num_vertices(), None);
    Ok(pack(cdt, &corners))
}

/// Contour points with exact duplicates merged, their corners, and the contour edges.
fn collect(free: &FreeSpace) -> (Vec<Point>, Vec<Option<Corner>>, Vec<[usize; 2]>) {
    let all: Vec<(Point, Option<Corner>)> = free
        .contours
        .iter()
        .flat_map(|c| c.points.iter().copied().zip(c.corners.iter().copied()))
        .collect();
    // +0.0 turns -0.0 into 0.0 so both spell the same key.
    let key = |p: Point| ((p.x + 0.0).to_bits(), (p.y + 0.0).to_bits());
    let mut order: Vec<u32> = (0..all.len() as u32).collect();
    order.sort_unstable_by_key(|&i| (key(all[i as usize].0), i));
    // Merged index of every input point; the first occurrence (in input order) keeps its slot.
    let mut first = vec![0u32; all.len()];
    let mut run = 0;
    while run < order.len() {
        let mut end = run + 1;
        while end < order.len()
            && key(all[order[end] as usize].0) == key(all[order[run] as usize].0)
        {
            end += 1;
        }
        for &i in &order[run..end] {
            first[i as usize] = order[run];
        }
        run = end;
    }
    let mut slot = vec![usize::MAX; all.len()];
    let mut points = Vec::with_capacity(all.len());
    let mut corners = Vec::with_capacity(all.len());
    for (i, &(p, c)) in all.iter().enumerate() {
        if first[i] as usize == i {
            slot[i] = points.len();
            points.push(p);
            corners.push(c);
        }
    }
    let mut edges = Vec::with_capacity(all.len());
    let mut base = 0;
    for contour in &free.contours {
        let n = contour.points.len();
        for i in 0..n {
            let a = slot[first[base + i] as usize];
            let b = slot[first[base + (i + 1) % n] as usize];
            if a != b {
                edges.push([a, b]);
            }
        }
        base += n;
    }
    (points, corners, edges)
}

fn insert_splitting(vertices: &[Point2<f64>], edges: &[[usize; 2]]) -> Result<Cdt, BuildError> {
    let mut cdt = Cdt::new();
    let mut handles = Vec::with_capacity(vertices.len());
    for &v in vertices {
        handles.push(
            cdt.insert(v)
                .map_err(|e| BuildError::Triangulation(format!("{e:?}")))?,
        );
    }
    for &[a, b] in edges {
        if handles[a] != handles[b] {
            cdt.add_constraint_and_split(handles[a], handles[b], |p| p);
        }
    }
    Ok(cdt)
}

/// Classifies faces by parity and packs the walkable ones into a `NavMesh`.
fn pack(cdt: Cdt, corners: &[Option<Corner>]) -> NavMesh {
    let inside = classify(&cdt);
    let mut vertex_id: Vec<Option<VertexId>> = vec![None; cdt.num_vertices()];
    let mut face_tri: Vec<Option<TriId>> = vec![None; cdt.num_all_faces()];
    let mut triangles = Vec::new();
    for face in cdt.inner_faces() {
        if inside[face.index()] {
            face_tri[face.index()] = Some(TriId(triangles.len() as u32));
            triangles.push(face.vertices().map(|v| v.fix()));
            for v in face.vertices() {
                vertex_id[v.index()] = Some(VertexId(0));
            }
        }
    }
    let mut vertices = Vec::new();
    let mut vertex_corners = Vec::new();
    for (i, slot) in vertex_id.iter_mut().enumerate() {
        if slot.is_some() {
            *slot = Some(VertexId(vertices.len() as u32));
            let p = cdt.vertex(FixedVertexHandle::from_index(i)).position();
            vertices.push(Point::new(p.x, p.y));
            vertex_corners.push(corners.get(i).copied().flatten());
        }
    }
    let triangles: Vec<[VertexId; 3]> = triangles
        .iter()
        .map(|t| t.map(|v| vertex_id[v.index()].unwrap_or(VertexId(0))))
        .collect();
    let mut neighbors = vec![[None; 3]; triangles.len()];
    for face in cdt.inner_faces() {
        let Some(t) = face_tri[face.index()] else {
            continue;
        };
        for (k, e) in face.adjacent_edges().iter().enumerate() {
            if !e.is_constraint_edge() {
                neighbors[t.index()][k] =
                    e.rev().face().as_inner().and_then(|f| face_tri[f.index()]);
            }
        }
    }
    let (components, component_count) = label_components(&neighbors);
    NavMesh {
        vertices,
        vertex_corners,
        triangles,
        neighbors,
        components,
        component_count,
        locator: Locator::new(cdt, face_tri, vertex_id),
    }
}

/// Inside/outside of every face (by face index): flood from the hull, toggling at constraints.
fn classify(cdt: &Cdt) -> Vec<bool> {
    let mut inside = vec![false; cdt.num_all_faces()];
    let mut seen = vec![false; cdt.num_all_faces()];
    let mut stack = Vec::new();
    for e in cdt.convex_hull() {
        for side in [e, e.rev()] {
            if let Some(f) = side.face().as_inner()
                && !seen[f.index()]
            {
                seen[f.index()] = true;
                inside[f.index()] = side.is_constraint_edge();
                stack.push(f.fix());
            }
        }
    }
    while let Some(f) = stack.pop() {
        for e in cdt.face(f).adjacent_edges() {
            if let Some(g) = e.rev().face().as_inner()
                && !seen[g.index()]
            {
                seen[g.index()] = true;
                inside[g.index()] = inside[f.index()] ^ e.is_constraint_edge();
                stack.push(g.fix());
            }
        }
    }
    inside
}

fn label_components(neighbors: &[[Option<TriId>; 3]]) -> (Vec<ComponentId>, usize) {
    const UNSET: ComponentId = ComponentId(u32::MAX);
    let mut labels = vec![UNSET; neighbors.len()];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for start in 0..neighbors.len() {
        if labels[start] != UNSET {
            continue;
        }
        labels[start] = ComponentId(count);
        stack.push(start);
        while let Some(t) = stack.pop() {
            for n in neighbors[t].iter().flatten() {
                if labels[n.index()] == UNSET {
                    labels[n.index()] = ComponentId(count);
                    stack.push(n.index());
                }
            }
        }
        count += 1;
    }
    (labels, count as usize)
}
