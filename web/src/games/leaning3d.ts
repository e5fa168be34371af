// Leaning Towers in 3-D (three.js, loaded with the first Leaning table, so
// the other screens never pay for it). The world is drawn as the server's
// physics has it: z up, millimetres, every pyramid at its pose (base
// centre, Rz·Ry·Rx), each owner's faces in its colour with a pattern, a
// letter and the size's pips (so owners never rely on hue alone). The
// aimed piece is a translucent ghost carrying a TransformControls gizmo;
// a second ghost shows a resting pose when a preview supplies one.
//
// Everything here is Leaning's own (the Speedy table keeps its own 3-D
// code): pyramid geometry, owner textures and pose <-> Object3D helpers.

import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  DoubleSide,
  EdgesGeometry,
  Euler,
  GridHelper,
  Group,
  LineBasicMaterial,
  LineDashedMaterial,
  LineSegments,
  Mesh,
  MeshStandardMaterial,
  Object3D,
  PlaneGeometry,
  Quaternion,
  SRGBColorSpace,
  Sprite,
  SpriteMaterial,
  TOUCH,
  Vector3,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { TransformControls } from 'three/examples/jsm/controls/TransformControls.js';
import type { Dimensions, PieceId, PieceView, Pose, Size } from '../wire/leaning';
import { createStage } from './stage3d';

/** How one owner's pieces look: colour, a pattern index and a letter. */
export interface PieceLook {
  fill: string;
  ink: string;
  pattern: number;
  letter: string;
}

export interface AimShown {
  size: Size;
  pose: Pose;
  look: PieceLook;
}

export interface Leaning3d {
  /** Draws every piece at its pose; pieces in `arriving` glide in from the given pose. */
  show(pieces: PieceView[], dims: Dimensions, lookOf: (p: PieceView) => PieceLook, arriving: ReadonlyMap<PieceId, Pose>): void;
  /** Marks pieces for a moment (the ones a failed placement disturbed). */
  flash(ids: PieceId[]): void;
  /** The aimed piece with its gizmo, or none. */
  aim(a: AimShown | null): void;
  /** Where a preview says the aimed piece would come to rest, or none. */
  rest(pose: Pose | null): void;
  setMode(mode: 'translate' | 'rotate'): void;
  /** `pose` turned by `deg` about the world axis `axis` (0 x, 1 y, 2 z), about its base centre. */
  turned(pose: Pose, axis: 0 | 1 | 2, deg: number): Pose;
  /** Height (mm) of the lowest corner of a `size` pyramid at `pose`. */
  lowest(size: Size, pose: Pose): number;
  /** The world axis (0 x, 1 y) and sign closest to "away from the viewer" on the table. */
  forward(): { axis: 0 | 1; sign: 1 | -1 };
  dispose(): void;
}

const DEG = Math.PI / 180;
const SIZE_INDEX: Record<Size, number> = { small: 0, medium: 1, large: 2 };

export function poseToObject(pose: Pose, o: Object3D): void {
  o.position.set(...pose.position);
  o.rotation.set(pose.rotation_deg[0] * DEG, pose.rotation_deg[1] * DEG, pose.rotation_deg[2] * DEG, 'ZYX');
}

/** Rounded to a micrometre and a micro-degree, as the server rounds its poses. */
const r6 = (v: number) => Math.round(v * 1e6) / 1e6 + 0;

export function objectToPose(o: Object3D): Pose {
  const e = new Euler().setFromQuaternion(o.quaternion, 'ZYX');
  return {
    position: [r6(o.position.x), r6(o.position.y), r6(o.position.z)],
    rotation_deg: [r6(e.x / DEG), r6(e.y / DEG), r6(e.z / DEG)],
  };
}

/** A square pyramid, base centre at the origin, apex up +z; side faces map the whole texture triangle. */
function pyramidGeometry(base: number, height: number): BufferGeometry {
  const h = base / 2;
  const c = [
    [-h, -h, 0],
    [h, -h, 0],
    [h, h, 0],
    [-h, h, 0],
  ];
  const apex = [0, 0, height];
  const pos: number[] = [];
  const uv: number[] = [];
  for (let i = 0; i < 4; i++) {
    pos.push(...c[i], ...c[(i + 1) % 4], ...apex);
    uv.push(0, 0, 1, 0, 0.5, 1);
  }
  // The base (normal −z), textured with the plain fill of a corner.
  pos.push(...c[0], ...c[2], ...c[1], ...c[0], ...c[3], ...c[2]);
  for (let i = 0; i < 6; i++) uv.push(0.02, 0.02);
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(pos), 3));
  g.setAttribute('uv', new BufferAttribute(new Float32Array(uv), 2));
  g.computeVertexNormals();
  return g;
}

/** One side face's picture: fill, pattern, letter, and the pips along the base. */
function faceTexture(look: PieceLook, pips: number): CanvasTexture {
  const n = 128;
  const canvas = document.createElement('canvas');
  canvas.width = n;
  canvas.height = n;
  const g = canvas.getContext('2d')!;
  g.fillStyle = look.fill;
  g.fillRect(0, 0, n, n);
  g.strokeStyle = look.ink;
  g.fillStyle = look.ink;
  g.globalAlpha = 0.35;
  g.lineWidth = 5;
  switch (look.pattern % 5) {
    case 1: // diagonal stripes
      for (let x = -n; x < n; x += 22) {
        g.beginPath();
        g.moveTo(x, n);
        g.lineTo(x + n, 0);
        g.stroke();
      }
      break;
    case 2: // horizontal bands
      for (let y = 10; y < n; y += 22) g.fillRect(0, y, n, 7);
      break;
    case 3: // dots
      for (let y = 12; y < n; y += 22) for (let x = (y / 22) % 2 ? 12 : 23; x < n; x += 22) g.fillRect(x - 3, y - 3, 7, 7);
      break;
    case 4: // vertical bands
      for (let x = 10; x < n; x += 22) g.fillRect(x, 0, 7, n);
      break;
  }
  g.globalAlpha = 1;
  if (look.letter) {
    g.font = 'bold 40px system-ui, sans-serif';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.lineWidth = 6;
    g.strokeStyle = look.ink === '#ffffff' ? '#000000' : '#ffffff';
    g.strokeText(look.letter, n / 2, 78);
    g.fillStyle = look.ink;
    g.fillText(look.letter, n / 2, 78);
  }
  // Pips: dots along the base, as on a Looney Pyramid.
  g.fillStyle = look.ink;
  for (let i = 0; i < pips; i++) {
    const x = n / 2 + (i - (pips - 1) / 2) * 20;
    g.beginPath();
    g.arc(x, 112, 6, 0, Math.PI * 2);
    g.fill();
  }
  const t = new CanvasTexture(canvas);
  t.colorSpace = SRGBColorSpace;
  return t;
}

/** A piece's label as the messages name it ("3"): a sprite that always
 *  faces the camera and is never hidden behind other pieces. */
function labelSprite(text: string): Sprite {
  const c = document.createElement('canvas');
  c.width = 96;
  c.height = 64;
  const g = c.getContext('2d')!;
  g.fillStyle = '#1b1f24e0';
  g.beginPath();
  g.roundRect(4, 4, 88, 56, 14);
  g.fill();
  g.fillStyle = '#ffffff';
  g.font = 'bold 40px system-ui, sans-serif';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  g.fillText(text, 48, 34);
  const t = new CanvasTexture(c);
  t.colorSpace = SRGBColorSpace;
  const sprite = new Sprite(new SpriteMaterial({ map: t, depthTest: false, transparent: true }));
  sprite.scale.set(12, 8, 1);
  sprite.renderOrder = 10;
  return sprite;
}

export function createLeaning3d(host: HTMLElement, onAim: (pose: Pose) => void): Leaning3d {
  const stage = createStage(host, {
    canvasClass: 'lt-canvas',
    label: 'The table in 3-D: drag to orbit, scroll to zoom; the gizmo moves and turns the aimed piece',
    sky: '#d7e6ee',
    ambient: 1.4,
    sun: { intensity: 2.0, at: [-120, -200, 300] },
    camera: { fov: 40, far: 6000 },
    height: (w) => Math.max(260, Math.round(Math.min(w * 0.72, window.innerHeight * 0.62))),
  });
  const { renderer, canvas, scene, camera } = stage;
  const tableGroup = new Group();
  scene.add(tableGroup);

  camera.up.set(0, 0, 1);
  camera.position.set(40, -320, 220);
  const orbit = new OrbitControls(camera, canvas);
  orbit.enableDamping = true;
  orbit.maxPolarAngle = Math.PI / 2.05;
  orbit.target.set(0, 0, 15);
  // Touch: one finger orbits, two fingers pinch to zoom and turn the view.
  orbit.touches = { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_ROTATE };

  const gizmo = new TransformControls(camera, canvas);
  gizmo.setSize(0.8);
  gizmo.setSpace('world');
  gizmo.addEventListener('dragging-changed', (e) => {
    orbit.enabled = !(e as unknown as { value: boolean }).value;
  });
  gizmo.addEventListener('objectChange', () => {
    if (ghost) {
      if (ghost.position.z < 0) ghost.position.z = 0;
      placeDropLine();
      onAim(objectToPose(ghost));
    }
  });
  scene.add(gizmo.getHelper());

  const piecesGroup = new Group();
  scene.add(piecesGroup);
  let dims: Dimensions | null = null;
  let tableHalf = 0;
  let framed = false;
  let running = true;

  const geometries = new Map<string, BufferGeometry>();
  const edgeGeometries = new Map<string, EdgesGeometry>();
  const geometry = (size: Size) => {
    const [base, height] = dims!.pyramids_mm[SIZE_INDEX[size]];
    const key = `${size}:${base}:${height}`;
    let g = geometries.get(key);
    if (!g) {
      g = pyramidGeometry(base, height);
      geometries.set(key, g);
      edgeGeometries.set(key, new EdgesGeometry(g));
    }
    return { g, edges: edgeGeometries.get(key)!, key };
  };
  const materials = new Map<string, MeshStandardMaterial>();
  const material = (look: PieceLook, size: Size, ghostly = false) => {
    const key = `${look.fill}|${look.pattern}|${look.letter}|${size}|${ghostly}`;
    let m = materials.get(key);
    if (!m) {
      m = new MeshStandardMaterial({ map: faceTexture(look, SIZE_INDEX[size] + 1), roughness: 0.55, side: DoubleSide });
      if (ghostly) {
        m.transparent = true;
        m.opacity = 0.55;
        m.depthWrite = false;
      }
      materials.set(key, m);
    }
    return m;
  };
  const edgeMaterial = new LineBasicMaterial({ color: '#1b1f24' });
  const heldMaterial = new LineDashedMaterial({ color: '#000000', dashSize: 2, gapSize: 1.5 });
  const flashMaterial = new LineBasicMaterial({ color: '#d55e00', linewidth: 2 });

  // Pieces by id, kept across updates so an arriving one can glide.
  const meshes = new Map<PieceId, { body: Mesh; edges: LineSegments; key: string }>();
  const glides: { o: Object3D; from: Vector3; to: Vector3; qFrom: Quaternion; qTo: Quaternion; t0: number }[] = [];
  const flashes: { edges: LineSegments; until: number; normal: LineBasicMaterial | LineDashedMaterial }[] = [];

  let ghost: Mesh | null = null;
  let ghostKey = '';
  let restGhost: Mesh | null = null;
  let dropLine: LineSegments | null = null;
  let aimSize: Size | null = null;

  stage.watchSize();

  function buildTable(d: Dimensions): void {
    if (tableHalf === d.table_half_mm) return;
    tableHalf = d.table_half_mm;
    tableGroup.clear();
    const side = 2 * d.table_half_mm;
    const top = new Mesh(new PlaneGeometry(side, side), new MeshStandardMaterial({ color: '#e4dccb', roughness: 0.9 }));
    tableGroup.add(top);
    // A 20 mm grid on the playing area: depth and distance at a glance.
    const grid = new GridHelper(side, Math.round(side / 20), 0xb3a88f, 0xcdc3ad);
    grid.rotation.x = Math.PI / 2;
    grid.position.z = 0.05;
    tableGroup.add(grid);
  }

  function placeDropLine(): void {
    if (!ghost || !aimSize) return;
    dropLine?.geometry.dispose();
    if (dropLine) scene.remove(dropLine);
    // From the aimed piece's base centre straight down to the table.
    const p = ghost.position;
    const g = new BufferGeometry().setFromPoints([new Vector3(p.x, p.y, p.z), new Vector3(p.x, p.y, 0)]);
    dropLine = new LineSegments(g, heldMaterial);
    dropLine.computeLineDistances();
    scene.add(dropLine);
  }

  function loop(now: number): void {
    if (!running) return;
    for (let i = glides.length - 1; i >= 0; i--) {
      const gl = glides[i];
      const t = Math.min(1, (now - gl.t0) / 700);
      const e = 1 - (1 - t) * (1 - t) * (1 - t);
      gl.o.position.lerpVectors(gl.from, gl.to, e);
      gl.o.quaternion.slerpQuaternions(gl.qFrom, gl.qTo, e);
      if (t >= 1) glides.splice(i, 1);
    }
    for (let i = flashes.length - 1; i >= 0; i--) {
      if (now > flashes[i].until) {
        flashes[i].edges.material = flashes[i].normal;
        flashes.splice(i, 1);
      }
    }
    orbit.update();
    renderer.render(scene, camera);
    requestAnimationFrame(loop);
  }
  requestAnimationFrame(loop);

  const scratch = new Object3D();

  return {
    show(pieces, d, lookOf, arriving) {
      dims = d;
      buildTable(d);
      const seen = new Set<PieceId>();
      let cx = 0;
      let cy = 0;
      let extent = 60;
      let shown = 0;
      for (const p of pieces) {
        if (p.status === 'boxed') continue; // off the table (L-6)
        seen.add(p.id);
        const { g, edges, key } = geometry(p.size);
        const look = lookOf(p);
        const matKey = `${key}|${look.fill}|${look.letter}|${p.status}`;
        let m = meshes.get(p.id);
        if (!m || m.key !== matKey) {
          if (m) piecesGroup.remove(m.body);
          const body = new Mesh(g, material(look, p.size));
          const line = new LineSegments(edges, p.status === 'held' ? heldMaterial : edgeMaterial);
          if (p.status === 'held') line.computeLineDistances();
          body.add(line);
          // Its label, as the messages name it, over its apex.
          const label = labelSprite(String(p.id));
          label.position.set(0, 0, d.pyramids_mm[SIZE_INDEX[p.size]][1] + 6);
          body.add(label);
          body.userData.piece = p.id;
          piecesGroup.add(body);
          m = { body, edges: line, key: matKey };
          meshes.set(p.id, m);
        }
        poseToObject(p.pose, m.body);
        const from = arriving.get(p.id);
        if (from) {
          poseToObject(from, scratch);
          glides.push({
            o: m.body,
            from: scratch.position.clone(),
            to: m.body.position.clone(),
            qFrom: scratch.quaternion.clone(),
            qTo: m.body.quaternion.clone(),
            t0: performance.now(),
          });
          m.body.position.copy(scratch.position);
          m.body.quaternion.copy(scratch.quaternion);
        }
        cx += p.pose.position[0];
        cy += p.pose.position[1];
        shown++;
      }
      for (const [id, m] of meshes) {
        if (!seen.has(id)) {
          piecesGroup.remove(m.body);
          meshes.delete(id);
        }
      }
      if (shown) {
        cx /= shown;
        cy /= shown;
        extent = Math.max(60, ...pieces.filter((p) => p.status !== 'boxed').map((p) => Math.hypot(p.pose.position[0] - cx, p.pose.position[1] - cy) + 30));
      }
      if (!framed && shown) {
        framed = true;
        orbit.target.set(cx, cy, 15);
        camera.position.set(cx + extent * 0.5, cy - extent * 2.6, extent * 1.7);
      }
    },
    flash(ids) {
      const until = performance.now() + 2500;
      for (const id of ids) {
        const m = meshes.get(id);
        if (!m) continue;
        flashes.push({ edges: m.edges, until, normal: m.edges.material as LineBasicMaterial });
        m.edges.material = flashMaterial;
      }
    },
    aim(a) {
      if (!a || !dims) {
        gizmo.detach();
        if (ghost) scene.remove(ghost);
        if (dropLine) scene.remove(dropLine);
        ghost = null;
        dropLine = null;
        aimSize = null;
        return;
      }
      const { g, edges, key } = geometry(a.size);
      const k = `${key}|${a.look.fill}|${a.look.letter}`;
      if (!ghost || ghostKey !== k) {
        if (ghost) scene.remove(ghost);
        ghost = new Mesh(g, material(a.look, a.size, true));
        ghost.add(new LineSegments(edges, new LineBasicMaterial({ color: '#0072b2' })));
        ghost.renderOrder = 2;
        scene.add(ghost);
        ghostKey = k;
        gizmo.attach(ghost);
      }
      aimSize = a.size;
      poseToObject(a.pose, ghost);
      placeDropLine();
    },
    rest(pose) {
      if (restGhost) scene.remove(restGhost);
      restGhost = null;
      if (!pose || !aimSize || !dims) return;
      const { edges } = geometry(aimSize);
      restGhost = new Mesh(geometry(aimSize).g, new MeshStandardMaterial({ color: '#009e73', transparent: true, opacity: 0.35, depthWrite: false }));
      restGhost.add(new LineSegments(edges, new LineBasicMaterial({ color: '#009e73' })));
      poseToObject(pose, restGhost);
      scene.add(restGhost);
    },
    setMode(mode) {
      gizmo.setMode(mode);
    },
    turned(pose, axis, deg) {
      poseToObject(pose, scratch);
      const a = new Vector3(axis === 0 ? 1 : 0, axis === 1 ? 1 : 0, axis === 2 ? 1 : 0);
      scratch.rotateOnWorldAxis(a, deg * DEG);
      return objectToPose(scratch);
    },
    lowest(size, pose) {
      if (!dims) return pose.position[2];
      const [base, height] = dims.pyramids_mm[SIZE_INDEX[size]];
      poseToObject(pose, scratch);
      scratch.updateMatrixWorld(true);
      const h = base / 2;
      const corners = [
        [-h, -h, 0],
        [h, -h, 0],
        [h, h, 0],
        [-h, h, 0],
        [0, 0, height],
      ];
      return Math.min(...corners.map((c) => new Vector3(c[0], c[1], c[2]).applyMatrix4(scratch.matrixWorld).z));
    },
    forward() {
      const dir = new Vector3();
      camera.getWorldDirection(dir);
      return Math.abs(dir.x) > Math.abs(dir.y) ? { axis: 0, sign: dir.x >= 0 ? 1 : -1 } : { axis: 1, sign: dir.y >= 0 ? 1 : -1 };
    },
    dispose() {
      running = false;
      gizmo.detach();
      gizmo.dispose();
      orbit.dispose();
      geometries.forEach((g) => g.dispose());
      edgeGeometries.forEach((g) => g.dispose());
      materials.forEach((m) => {
        m.map?.dispose();
        m.dispose();
      });
      stage.dispose();
    },
  };
}
