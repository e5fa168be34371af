// IceTowers in 3-D (three.js, loaded only when a player asks for it, so
// the 2-D table stays the fast default): square pyramids stacked into
// towers at their table positions, orbit with mouse or touch, click a
// tower to use it exactly as in the 2-D view.

import {
  ConeGeometry,
  EdgesGeometry,
  Group,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshStandardMaterial,
  PlaneGeometry,
  Raycaster,
  Vector2,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { TowerId, TowerView } from '../wire/icetowers';
import { createStage } from './stage3d';

export interface Ice3d {
  update(towers: TowerView[], colourOf: (piece: number) => string, pips: (piece: number) => number, marked: Set<TowerId>): void;
  dispose(): void;
}

export function createIce3d(host: HTMLElement, fills: Record<string, string>, onPick: (id: TowerId) => void): Ice3d {
  const stage = createStage(host, {
    canvasClass: 'it-canvas',
    label: 'The table in 3-D: drag to orbit, click a tower',
    sky: '#cfe3ef',
    ambient: 1.2,
    sun: { intensity: 2.2, at: [80, 200, 120] },
    camera: { fov: 45, far: 5000 },
    height: (w) => Math.round(Math.min(w * 0.7, window.innerHeight * 0.65)),
  });
  const { renderer, canvas, scene, camera } = stage;
  const floor = new Mesh(new PlaneGeometry(2000, 2000), new MeshStandardMaterial({ color: '#dcd3c0' }));
  floor.rotation.x = -Math.PI / 2;
  scene.add(floor);

  const controls = new OrbitControls(camera, canvas);
  controls.enableDamping = true;
  controls.maxPolarAngle = Math.PI / 2.1;
  const group = new Group();
  scene.add(group);
  const ray = new Raycaster();
  let framed = false;
  let running = true;

  stage.watchSize();

  // A click that did not drag picks the tower under the pointer.
  let down: { x: number; y: number } | null = null;
  canvas.addEventListener('pointerdown', (e) => (down = { x: e.clientX, y: e.clientY }));
  canvas.addEventListener('pointerup', (e) => {
    if (!down || Math.hypot(e.clientX - down.x, e.clientY - down.y) > 5) return;
    const r = canvas.getBoundingClientRect();
    ray.setFromCamera(new Vector2(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1), camera);
    const hit = ray.intersectObjects(group.children, true).find((i) => i.object.userData.tower !== undefined);
    if (hit) onPick(hit.object.userData.tower as TowerId);
  });

  const geometries = new Map<number, ConeGeometry>();
  const geometry = (pips: number) => {
    let g = geometries.get(pips);
    if (!g) {
      const size = [0, 9, 12.5, 16][pips];
      // Four radial segments make a square pyramid; rotated to sit square.
      g = new ConeGeometry(size * Math.SQRT2, size * 2.2, 4);
      g.rotateY(Math.PI / 4);
      geometries.set(pips, g);
    }
    return g;
  };

  function loop(): void {
    if (!running) return;
    controls.update();
    renderer.render(scene, camera);
    requestAnimationFrame(loop);
  }
  requestAnimationFrame(loop);

  return {
    update(towers, colourOf, pips, marked) {
      for (const c of group.children) {
        const m = (c as Mesh).material as MeshStandardMaterial | undefined;
        m?.dispose();
        if (c instanceof LineSegments) c.geometry.dispose();
      }
      group.clear();
      let cx = 0;
      let cz = 0;
      let extent = 80;
      for (const t of towers) {
        let y = 0;
        t.pieces.forEach((p, i) => {
          const n = pips(p);
          const g = geometry(n);
          const mesh = new Mesh(g, new MeshStandardMaterial({ color: fills[colourOf(p)] ?? '#999', roughness: 0.6 }));
          const h = [0, 9, 12.5, 16][n] * 2.2;
          // Stacked pyramids nest: each sits part-way down the one below.
          mesh.position.set(t.pos.x, y + h / 2, -t.pos.y);
          y += h * (i === t.pieces.length - 1 ? 1 : 0.45);
          mesh.userData.tower = t.id;
          group.add(mesh);
          if (marked.has(t.id)) {
            const edges = new LineSegments(new EdgesGeometry(g), new LineBasicMaterial({ color: '#000' }));
            edges.position.copy(mesh.position);
            group.add(edges);
          }
        });
        cx += t.pos.x;
        cz += -t.pos.y;
      }
      if (towers.length) {
        cx /= towers.length;
        cz /= towers.length;
        extent = Math.max(80, ...towers.map((t) => Math.hypot(t.pos.x - cx, -t.pos.y - cz)));
      }
      if (!framed) {
        framed = true;
        controls.target.set(cx, 0, cz);
        camera.position.set(cx, extent * 1.6, cz + extent * 1.5);
      }
    },
    dispose() {
      running = false;
      controls.dispose();
      geometries.forEach((g) => g.dispose());
      stage.dispose();
    },
  };
}
