// Speedy Towers in 3-D (three.js, loaded only when a Speedy table opens,
// so the lobby stays light). Draws every piece at the pose the server's
// physics reports, animates them to their new poses after each drop,
// lets fallen pieces tumble off and fade, and shows a ghost of the piece
// a player is about to let go at the aimed pose. Orbit with mouse or
// touch; click a tower to aim at it; drag the ghost (or the aimed
// tower's top) to move the aim. It decides nothing: every pose comes
// from the view, every aim goes back to speedy.ts, which sends it.
//
// Frames: the server works in millimetres with z up (physics crate,
// position = centre of a piece's base face, rotation Rz·Ry·Rx in
// degrees). Everything is built inside one group turned so that z is up
// on screen, so server poses are used as they come.
//
// These helpers (pose easing, card textures, drag-on-a-plane aiming) are
// Speedy's own for now; the Leaning Towers table has similar needs.

import {
  BoxGeometry,
  BufferGeometry,
  CanvasTexture,
  CylinderGeometry,
  DoubleSide,
  Euler,
  Group,
  Line,
  LineBasicMaterial,
  Material,
  Mesh,
  MeshStandardMaterial,
  Object3D,
  Plane,
  PlaneGeometry,
  Quaternion,
  Raycaster,
  RingGeometry,
  SRGBColorSpace,
  TOUCH,
  Vector2,
  Vector3,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Look, PieceId, PieceSettings, PiecePose, TowerId, TowerView, View } from '../wire/speedy';
import { DEFAULT_PIECES } from '../wire/speedy';
import { SUIT_COLOUR, suitOf, valueText } from './speedy-pieces';
import { createStage } from './stage3d';


export type Kind = 'tile' | 'coin' | 'pawn';

/** A piece as the ghost shows it: the pawn in hand is drawn without its suit. */
export type GhostLook = Look | { kind: 'pawn'; suit: null };

/** What the ghost shows: the piece in hand over the aimed tower. */
export interface GhostSpec {
  look: GhostLook;
  /** Centre of the drop (mm, table frame) and the turn about the vertical. */
  x: number;
  y: number;
  z: number;
  rotationDeg: number;
  /** Whether the server's view says this piece fits the aimed tower. */
  fits: boolean;
}

/** What changed with the latest step, for animation. */
export interface StepChanges {
  /** Pieces let go this step, at their drop pose (hand noise included). */
  dropped: Map<PieceId, PiecePose>;
  /** Pieces that fell this step, with where they came to rest (if reported). */
  fallen: Map<PieceId, PiecePose | null>;
  /** How each piece let go this step looked (for one that fell at once). */
  looks: Map<PieceId, Look>;
}

export interface Speedy3d {
  show(view: View, changes: StepChanges | null): void;
  mark(aimed: TowerId | null, fits: Set<TowerId>): void;
  ghost(spec: GhostSpec | null): void;
  /** Which way the camera looks (radians about the vertical; 0 = from the table's −y side). */
  azimuth(): number;
  /** Back to the view that frames every tower. */
  resetView(): void;
  /** Where a table point (mm, z up) is on the canvas, in CSS pixels; null behind the camera. */
  screenOf(x: number, y: number, z: number): { x: number; y: number } | null;
  dispose(): void;
}

export interface Speedy3dHooks {
  onTower(id: TowerId): void;
  /** The aim dragged to this point over the aimed tower (mm, table frame). */
  onDrag(x: number, y: number): void;
  /** The turn gizmo dragged to this rotation about the vertical (degrees). */
  onTurn(rotationDeg: number): void;
  /** Whether a drag may move the aim now (a piece picked, a tower aimed). */
  canDrag(): boolean;
}

interface Tracked {
  obj: Group;
  from: { p: Vector3; q: Quaternion };
  to: { p: Vector3; q: Quaternion };
  t0: number;
  ms: number;
  /** Set when the piece left the view: fade out from this time and remove. */
  fading: number | null;
  key: string;
}


function poseP(p: PiecePose): Vector3 {
  return new Vector3(p.position[0], p.position[1], p.position[2]);
}
function poseQ(p: PiecePose): Quaternion {
  const [rx, ry, rz] = p.rotation_deg.map((d) => (d * Math.PI) / 180);
  // Rz·Ry·Rx, as the physics crate composes it.
  return new Quaternion().setFromEuler(new Euler(rx, ry, rz, 'ZYX'));
}

/** A 128-pixel face for a tile or coin: cached by what it shows. */
function faceCanvas(kind: 'tile' | 'coin-suit' | 'coin-value' | 'blank' | 'pawn', suit: string | null, value: string | null): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.width = c.height = 128;
  const g = c.getContext('2d')!;
  const colour = suit ? SUIT_COLOUR[suit] : '#5b6470';
  const round = kind !== 'tile' && kind !== 'blank';
  g.fillStyle = kind === 'coin-suit' || kind === 'pawn' ? colour : kind === 'blank' ? '#b89a6a' : '#f6f1e4';
  g.fillRect(0, 0, 128, 128);
  if (kind === 'tile') {
    g.strokeStyle = colour;
    g.lineWidth = 10;
    g.strokeRect(5, 5, 118, 118);
  }
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  if (kind === 'blank') {
    g.strokeStyle = '#8d7550';
    g.lineWidth = 3;
    for (let i = -128; i < 128; i += 14) {
      g.beginPath();
      g.moveTo(i, 0);
      g.lineTo(i + 128, 128);
      g.stroke();
    }
  } else if (kind === 'tile') {
    g.fillStyle = colour;
    g.font = 'bold 64px system-ui, sans-serif';
    g.fillText(value ?? '', 64, 72);
    g.font = 'bold 30px system-ui, sans-serif';
    g.fillText(suit ? (suitOf(suit)?.symbol ?? '') : '', 28, 30);
    g.fillText(suit ?? '', 100, 100);
  } else if (kind === 'coin-value') {
    g.fillStyle = '#1b1f24';
    g.font = 'bold 80px system-ui, sans-serif';
    g.fillText(value ?? '', 64, 70);
  } else {
    g.fillStyle = '#fff';
    g.font = 'bold 60px system-ui, sans-serif';
    g.fillText(suit ? (suitOf(suit)?.symbol ?? '') : '', 64, 56);
    g.font = 'bold 30px system-ui, sans-serif';
    g.fillText(suit ?? '', 64, 104);
  }
  if (round) {
    // Mark the rim so a coin's turn is visible.
    g.strokeStyle = '#0006';
    g.lineWidth = 6;
    g.beginPath();
    g.arc(64, 64, 60, 0, Math.PI * 2);
    g.stroke();
  }
  return c;
}

/** The 3-D table in `host`, its pieces sized by `sizes` (the table's
 *  physics settings; default: the game's). */
export function createSpeedy3d(host: HTMLElement, hooks: Speedy3dHooks, sizes: PieceSettings = DEFAULT_PIECES): Speedy3d {
  const stage = createStage(host, {
    canvasClass: 'sp-canvas',
    label: 'The table in 3-D: drag to orbit, click a tower to aim at it, drag the ghost piece to move the aim',
    sky: '#cfe3ef',
    ambient: 1.3,
    sun: { intensity: 2.0, at: [120, 300, 160] },
    camera: { fov: 40, far: 8000 },
    height: (w) => Math.round(Math.max(240, Math.min(w * 0.72, window.innerHeight * 0.6))),
  });
  const { renderer, canvas, scene, camera } = stage;
  canvas.tabIndex = 0;
  // The table frame: z up, millimetres.
  const world = new Group();
  world.rotation.x = -Math.PI / 2;
  scene.add(world);
  const floor = new Mesh(new PlaneGeometry(3000, 3000), new MeshStandardMaterial({ color: '#d9cfb9' }));
  floor.userData.ownGeometry = true;
  world.add(floor);

  const ray = new Raycaster();
  const pointer = new Vector2();
  const pieces = new Map<PieceId, Tracked>();
  const pieceGroup = new Group();
  world.add(pieceGroup);
  const markers = new Group();
  world.add(markers);
  const textures = new Map<string, CanvasTexture>();
  const geometries: BufferGeometry[] = [];
  let towers: TowerView[] = [];
  let framed = false;
  let running = true;
  // Draw only when something changed: an idle table costs no frames, so
  // the page stays responsive on slow machines and software WebGL.
  let dirty = true;
  let userMoved = false;
  let dragging: 'move' | 'turn' | null = null;
  let turnFrom = { angle: 0, rotation: 0 };
  let ghostAt: GhostSpec | null = null;
  let aimedTower: TowerId | null = null;
  let aimHeight = 0;

  // Our pointer handling runs before the orbit controls' (capture phase):
  // a press on the ghost or the aimed tower drags the aim instead of orbiting.
  let down: { x: number; y: number } | null = null;
  canvas.addEventListener('pointerdown', onDown, { capture: true });
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', () => endDrag());
  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.maxPolarAngle = Math.PI / 2.15;
  controls.minDistance = 60;
  // Touch: one finger orbits (or drags the aim from the ghost), two fingers
  // pinch to zoom and turn the view together.
  controls.touches = { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_ROTATE };
  controls.maxDistance = 2500;

  stage.watchSize(() => {
    dirty = true;
    // Until the player turns the camera, keep the whole table framed.
    if (framed && !userMoved) frame();
  });

  function setPointer(e: PointerEvent): void {
    const r = canvas.getBoundingClientRect();
    pointer.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
    ray.setFromCamera(pointer, camera);
  }

  function towerUnder(): TowerId | null {
    const hit = ray.intersectObjects([pieceGroup, markers], true).find((i) => i.object.userData.tower !== undefined);
    return hit ? (hit.object.userData.tower as TowerId) : null;
  }

  function onDown(e: PointerEvent): void {
    down = { x: e.clientX, y: e.clientY };
    if (!hooks.canDrag() || aimedTower === null) return;
    setPointer(e);
    // The ring around the ghost turns it; the ghost or the aimed tower moves it.
    const onRing = ghostGroup.visible && ray.intersectObject(turnRing, false).length > 0;
    const onGhost = ghostGroup.visible && ray.intersectObject(ghostGroup, true).length > 0;
    if (onRing && ghostAt) {
      const a = aimPoint();
      if (!a) return;
      dragging = 'turn';
      turnFrom = { angle: Math.atan2(a[1] - ghostAt.y, a[0] - ghostAt.x), rotation: ghostAt.rotationDeg };
    } else if (onGhost || towerUnder() === aimedTower) {
      dragging = 'move';
    } else return;
    controls.enabled = false;
    canvas.setPointerCapture(e.pointerId);
    dragTo();
  }

  /** Where the pointer meets the horizontal plane at the aimed tower's top (table frame, mm). */
  function aimPoint(): [number, number] | null {
    // three.js y is the table's z.
    const plane = new Plane(new Vector3(0, 1, 0), -aimHeight);
    const hit = new Vector3();
    return ray.ray.intersectPlane(plane, hit) ? [hit.x, -hit.z] : null;
  }

  function dragTo(): void {
    const a = aimPoint();
    if (!a) return;
    if (dragging === 'move') hooks.onDrag(a[0], a[1]);
    else if (dragging === 'turn' && ghostAt) {
      const angle = Math.atan2(a[1] - ghostAt.y, a[0] - ghostAt.x);
      hooks.onTurn(turnFrom.rotation + ((angle - turnFrom.angle) * 180) / Math.PI);
    }
  }

  function onMove(e: PointerEvent): void {
    if (!dragging) return;
    setPointer(e);
    dragTo();
  }

  function endDrag(): void {
    if (dragging) {
      dragging = null;
      controls.enabled = true;
    }
  }

  function onUp(e: PointerEvent): void {
    const wasDrag = dragging;
    endDrag();
    if (wasDrag || !down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 5) return;
    setPointer(e);
    const t = towerUnder();
    if (t !== null) hooks.onTower(t);
  }

  function texture(key: string, make: () => HTMLCanvasElement): CanvasTexture {
    let t = textures.get(key);
    if (!t) {
      t = new CanvasTexture(make());
      t.colorSpace = SRGBColorSpace;
      textures.set(key, t);
    }
    return t;
  }

  // Materials belong to one object and are disposed with it; textures
  // and the three piece geometries are shared and live as long as the table.
  function mat(opts: { color?: string; map?: CanvasTexture; transparent?: boolean; opacity?: number }): MeshStandardMaterial {
    return new MeshStandardMaterial({ roughness: 0.7, ...opts });
  }

  function discard(obj: Object3D): void {
    obj.removeFromParent();
    obj.traverse((o) => {
      const m = (o as Mesh).material as Material | Material[] | undefined;
      for (const mm of Array.isArray(m) ? m : m ? [m] : []) mm.dispose();
      if (o.userData.ownGeometry) (o as Mesh).geometry.dispose();
    });
  }

  // The pieces as the table's physics has them (mm): its settings', or the
  // game's defaults when they are not known (a replay).
  const { tile, coin, pawn } = sizes;
  const tileGeo = new BoxGeometry(tile.width, tile.depth, tile.height).translate(0, 0, tile.height / 2);
  const coinGeo = new CylinderGeometry(coin.diameter / 2, coin.diameter / 2, coin.height, 40)
    .rotateX(Math.PI / 2)
    .translate(0, 0, coin.height / 2);
  const pawnGeo = new CylinderGeometry(pawn.diameter / 2.4, pawn.diameter / 2, pawn.height, 32)
    .rotateX(Math.PI / 2)
    .translate(0, 0, pawn.height / 2);
  geometries.push(tileGeo, coinGeo, pawnGeo);

  /** Materials for one look; the key says when a piece must be rebuilt (a face changed). */
  function lookKey(l: GhostLook): string {
    switch (l.kind) {
      case 'tile':
        return `t${l.card.suit}${l.card.value}`;
      case 'face_down_tile':
        return 'tdown';
      case 'coin':
        return `c${l.face}${l.suit ?? '?'}${l.value ?? '?'}`;
      case 'pawn':
        return `p${l.suit ?? '?'}`;
    }
  }

  function buildPiece(l: GhostLook, ghost = false): Group {
    const g = new Group();
    const extra = ghost ? { transparent: true, opacity: 0.55 } : {};
    const wood = mat({ color: '#c9ab78', ...extra });
    let mesh: Mesh;
    if (l.kind === 'tile' || l.kind === 'face_down_tile') {
      const top =
        l.kind === 'tile'
          ? texture(`tile${l.card.suit}${l.card.value}`, () => faceCanvas('tile', l.card.suit, valueText(l.card.value)))
          : texture('blank', () => faceCanvas('blank', null, null));
      const back = texture('blank', () => faceCanvas('blank', null, null));
      // BoxGeometry faces: +x, −x, +y, −y, +z (top), −z (bottom).
      mesh = new Mesh(tileGeo, [wood, wood, wood, wood, mat({ map: top, ...extra }), mat({ map: back, ...extra })]);
    } else if (l.kind === 'coin') {
      const face = (f: 'suit' | 'value') =>
        f === 'suit'
          ? l.suit
            ? texture(`cs${l.suit}`, () => faceCanvas('coin-suit', l.suit, null))
            : texture('blank', () => faceCanvas('blank', null, null))
          : l.value
            ? texture(`cv${l.value}`, () => faceCanvas('coin-value', null, valueText(l.value!)))
            : texture('blank', () => faceCanvas('blank', null, null));
      const up = l.face;
      const downFace = up === 'suit' ? 'value' : 'suit';
      // CylinderGeometry groups: side, top cap (+y, now +z), bottom cap.
      mesh = new Mesh(coinGeo, [mat({ color: '#7d6a4f', ...extra }), mat({ map: face(up), ...extra }), mat({ map: face(downFace), ...extra })]);
    } else {
      const colour = l.suit ? SUIT_COLOUR[l.suit] : '#5b6470';
      const top = texture(`pawn${l.suit ?? '?'}`, () => faceCanvas('pawn', l.suit, null));
      mesh = new Mesh(pawnGeo, [mat({ color: colour, ...extra }), mat({ map: top, ...extra }), mat({ color: colour, ...extra })]);
    }
    g.add(mesh);
    return g;
  }

  function track(id: PieceId, look: Look, pose: PiecePose, tower: TowerId, from: PiecePose | null, now: number): void {
    const key = lookKey(look);
    let t = pieces.get(id);
    // A new face, or a piece back from fading out (taken back and placed
    // again): build it afresh, fully opaque.
    if (t && (t.key !== key || t.fading !== null)) {
      discard(t.obj);
      pieces.delete(id);
      t = undefined;
    }
    const p = poseP(pose);
    const q = poseQ(pose);
    if (!t) {
      const obj = buildPiece(look);
      obj.traverse((o) => (o.userData.tower = tower));
      pieceGroup.add(obj);
      const start = from ? { p: poseP(from).add(new Vector3(0, 0, 12)), q: poseQ(from) } : { p: p.clone(), q: q.clone() };
      t = { obj, from: start, to: { p, q }, t0: now, ms: from ? 650 : 0, fading: null, key };
      obj.position.copy(start.p);
      obj.quaternion.copy(start.q);
      pieces.set(id, t);
      return;
    }
    t.obj.traverse((o) => (o.userData.tower = tower));
    if (t.to.p.distanceTo(p) < 0.01 && t.to.q.angleTo(q) < 1e-4) return;
    t.from = { p: t.obj.position.clone(), q: t.obj.quaternion.clone() };
    t.to = { p, q };
    t.t0 = now;
    t.ms = 500;
  }

  /** Where the towers stand (their foundations can be knocked about): centre and reach, mm. */
  function bounds(): { cx: number; cy: number; extent: number } {
    let cx = 0;
    let cy = 0;
    for (const t of towers) {
      cx += t.foundation_pose.position[0];
      cy += t.foundation_pose.position[1];
    }
    cx /= towers.length;
    cy /= towers.length;
    const reach = (p: PiecePose) => Math.hypot(p.position[0] - cx, p.position[1] - cy) + 60;
    const extent = Math.max(90, ...towers.flatMap((t) => [reach(t.foundation_pose), ...t.pieces.map((s) => reach(s.pose))]));
    return { cx, cy, extent };
  }
  let framedAt = { cx: 0, cy: 0, extent: 0 };

  /** Keeps the towers in view as they move: reframes until the player
   *  turns the camera, then only follows the towers' centre. */
  function follow(): void {
    if (towers.length === 0) return;
    const b = bounds();
    const shifted = Math.hypot(b.cx - framedAt.cx, b.cy - framedAt.cy);
    if (!userMoved) {
      if (shifted > 5 || Math.abs(b.extent - framedAt.extent) > 5) frame();
    } else if (shifted > 5) {
      const d = new Vector3(b.cx - framedAt.cx, 0, -(b.cy - framedAt.cy));
      camera.position.add(d);
      controls.target.add(d);
      framedAt = { ...framedAt, cx: b.cx, cy: b.cy };
      dirty = true;
    }
  }

  function frame(): void {
    if (towers.length === 0) return;
    const { cx, cy, extent } = bounds();
    framedAt = { cx, cy, extent };
    // Looking from the table's −y side, somewhat from above, far enough
    // back that every tower is in view at a phone's narrow width too.
    const fit = extent / Math.min(1, camera.aspect);
    controls.target.set(cx, 15, -cy);
    camera.position.set(cx, fit * 1.6, -cy + fit * 1.95);
    controls.update();
    dirty = true;
  }

  // The ghost: the piece in hand, translucent, with a line down to the tower.
  const ghostGroup = new Group();
  world.add(ghostGroup);
  let ghostKey = '';
  let ghostPiece: Group | null = null;
  const dropLine = new Line(new BufferGeometry(), new LineBasicMaterial({ color: '#1b1f24' }));
  dropLine.userData.ownGeometry = true;
  ghostGroup.add(dropLine);
  // The turn gizmo: a ring around the ghost, outside even a tile's corners.
  const turnRing = new Mesh(new RingGeometry(44, 52, 48), new MeshStandardMaterial({ color: '#cc79a7', transparent: true, opacity: 0.8, side: DoubleSide }));
  turnRing.userData.ownGeometry = true;
  ghostGroup.add(turnRing);
  // A notch on the ring shows the turn.
  const notch = new Mesh(new BoxGeometry(10, 4, 1.5), new MeshStandardMaterial({ color: '#1b1f24' }));
  notch.userData.ownGeometry = true;
  ghostGroup.add(notch);

  controls.addEventListener('change', () => (dirty = true));
  controls.addEventListener('start', () => (userMoved = true));

  function loop(): void {
    if (!running) return;
    const now = performance.now();
    let moving = false;
    for (const [id, t] of pieces) {
      // (A few frames past the end, so that the final pose is drawn.)
      if (t.fading !== null || now - t.t0 < t.ms + 100) moving = true;
      const k = t.ms <= 0 ? 1 : Math.min(1, (now - t.t0) / t.ms);
      const e = k < 1 ? 1 - (1 - k) * (1 - k) : 1;
      t.obj.position.lerpVectors(t.from.p, t.to.p, e);
      t.obj.quaternion.slerpQuaternions(t.from.q, t.to.q, e);
      if (t.fading !== null) {
        const f = (now - t.fading) / 1600;
        t.obj.traverse((o) => {
          const m = (o as Mesh).material;
          for (const mm of Array.isArray(m) ? m : m ? [m] : []) {
            mm.transparent = true;
            mm.opacity = Math.max(0, 1 - f);
          }
        });
        if (f >= 1) {
          discard(t.obj);
          pieces.delete(id);
        }
      }
    }
    if (controls.update()) moving = true;
    if (moving || dirty) renderer.render(scene, camera);
    dirty = false;
    requestAnimationFrame(loop);
  }
  requestAnimationFrame(loop);

  return {
    show(view, changes) {
      dirty = true;
      towers = view.towers;
      const now = performance.now();
      const seen = new Set<PieceId>();
      for (const t of view.towers) {
        track(t.foundation_pose.piece, t.foundation, t.foundation_pose, t.id, null, now);
        seen.add(t.foundation_pose.piece);
        for (const s of t.pieces) {
          track(s.piece, s.look, s.pose, t.id, changes?.dropped.get(s.piece) ?? null, now);
          seen.add(s.piece);
        }
      }
      // Pieces that left the towers: tumble to where the physics left
      // them (when the step says), then fade away.
      for (const [id, t] of pieces) {
        if (seen.has(id) || t.fading !== null) continue;
        const rest = changes?.fallen.get(id) ?? null;
        const drop = changes?.dropped.get(id) ?? null;
        t.from = drop ? { p: poseP(drop).add(new Vector3(0, 0, 12)), q: poseQ(drop) } : { p: t.obj.position.clone(), q: t.obj.quaternion.clone() };
        if (rest) t.to = { p: poseP(rest), q: poseQ(rest) };
        else t.to = { p: t.obj.position.clone().setZ(0), q: t.obj.quaternion.clone() };
        t.t0 = now;
        t.ms = 700;
        t.fading = now + 900;
      }
      // A piece that fell on the drop it arrived with never entered a
      // tower: show it dropping and falling all the same.
      for (const [id, drop] of changes?.dropped ?? []) {
        if (seen.has(id) || pieces.has(id)) continue;
        const rest = changes?.fallen.get(id) ?? null;
        const look = changes?.looks.get(id) ?? null;
        if (!look) continue;
        const obj = buildPiece(look);
        pieceGroup.add(obj);
        const from = { p: poseP(drop).add(new Vector3(0, 0, 12)), q: poseQ(drop) };
        obj.position.copy(from.p);
        pieces.set(id, {
          obj,
          from,
          to: rest ? { p: poseP(rest), q: poseQ(rest) } : { p: from.p.clone().setZ(0), q: from.q.clone() },
          t0: now,
          ms: 800,
          fading: now + 1000,
          key: lookKey(look),
        });
      }
      if (!framed && view.towers.length) {
        framed = true;
        frame();
      } else follow();
    },
    mark(aimed, fits) {
      dirty = true;
      aimedTower = aimed;
      for (const m of [...markers.children]) discard(m);
      for (const t of towers) {
        const on = t.id === aimed;
        const ok = fits.has(t.id);
        if (!on && !ok) continue;
        // A ring around the tower: solid for the aimed one, thin for the
        // others the piece in hand fits (the DOM list says it in words).
        const ring = new Mesh(new RingGeometry(on ? 40 : 38, on ? 46 : 41, 48), mat({ color: on ? '#e69f00' : '#0072b2', transparent: true, opacity: 0.9 }));
        (ring.material as MeshStandardMaterial).side = DoubleSide;
        ring.userData.ownGeometry = true;
        ring.position.set(t.foundation_pose.position[0], t.foundation_pose.position[1], 0.3);
        ring.userData.tower = t.id;
        markers.add(ring);
        if (on) aimHeight = t.height_mm;
      }
    },
    ghost(spec) {
      dirty = true;
      ghostGroup.visible = spec !== null;
      ghostAt = spec;
      if (!spec) return;
      const key = lookKey(spec.look);
      if (key !== ghostKey || !ghostPiece) {
        if (ghostPiece) discard(ghostPiece);
        ghostPiece = buildPiece(spec.look, true);
        ghostGroup.add(ghostPiece);
        ghostKey = key;
      }
      turnRing.position.set(spec.x, spec.y, spec.z + 0.5);
      const r = (spec.rotationDeg * Math.PI) / 180;
      notch.position.set(spec.x + 48 * Math.cos(r), spec.y + 48 * Math.sin(r), spec.z + 1);
      notch.rotation.set(0, 0, r);
      ghostPiece.position.set(spec.x, spec.y, spec.z);
      ghostPiece.rotation.set(0, 0, (spec.rotationDeg * Math.PI) / 180);
      dropLine.geometry.setFromPoints([new Vector3(spec.x, spec.y, spec.z), new Vector3(spec.x, spec.y, 0)]);
      aimHeight = spec.z;
    },
    azimuth() {
      return controls.getAzimuthalAngle();
    },
    resetView() {
      userMoved = false;
      frame();
    },
    screenOf(x, y, z) {
      world.updateMatrixWorld();
      const v = world.localToWorld(new Vector3(x, y, z)).project(camera);
      if (v.z > 1) return null;
      return { x: ((v.x + 1) / 2) * canvas.clientWidth, y: ((1 - v.y) / 2) * canvas.clientHeight };
    },
    dispose() {
      running = false;
      controls.dispose();
      discard(world);
      geometries.forEach((g) => g.dispose());
      textures.forEach((t) => t.dispose());
      stage.dispose();
    },
  };
}
