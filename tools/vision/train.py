"""Train the die detector and the face classifier; export them to ONNX for cv2.dnn.

Usage (training venv with torch, see ``tools/vision/README.md``)::

    nice /work/venv-train/bin/python -m tools.vision.train all --data ../shared/dice-photos

Writes ``vision/models/detector.onnx`` and ``vision/models/face.onnx``, the data
manifest ``tools/vision/manifest.json`` (photos used, the held-out rule, the
synthetic generator's settings and seeds, sizes, results) and the loss curves in
``tools/vision/figures/``. Runs on the CPU in tens of minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import torch
from torch import nn
from torch.nn import functional as F

from .data import (
    DET_PATCH,
    SYNTH_STYLES,
    Photo,
    det_patches,
    face_crops,
    kind_photos,
    load_photos,
    render_photos,
    synth_photos,
)
from .models import DETECTORS, FACE_NETS

HERE = Path(__file__).resolve().parent
MODELS = HERE.parent.parent / "vision" / "models"
FOLDERS = ["nell-byler-d6", "rune55-dice-trays"]


def rendered(args: argparse.Namespace, seed: int) -> list[Photo]:
    """The 3-D rendered scenes asked for (``--render N``: mixed scenes of every floor
    and distractor, 320 px; ``--kinds N``: N scenes of each of issue 10's kinds, drawn
    with the training seed, never seed 0, with which ``tools.vision.kinds`` measures)."""
    from .kinds import KIND_NAMES

    out = render_photos(np.random.default_rng(seed), args.render) if args.render else []
    if args.kinds:
        out += kind_photos(list(KIND_NAMES), args.kinds, seed=args.seed)
    return out


def _to_tensor(x: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(x)).permute(0, 3, 1, 2).float() / 255.0


def plot(path: Path, curves: dict[str, list[float]], title: str) -> None:
    """A small line plot drawn with OpenCV (no plotting library needed)."""
    w, h, m = 640, 360, 40
    img = np.full((h, w, 3), 255, np.uint8)
    allv = [v for c in curves.values() for v in c if math.isfinite(v)]
    if not allv:
        return
    lo, hi = min(allv), max(allv)
    hi = hi if hi > lo else lo + 1
    cols = [(200, 60, 0), (0, 120, 220), (0, 160, 0), (160, 0, 160)]
    cv2.rectangle(img, (m, m), (w - m, h - m), (0, 0, 0), 1)
    for k, (name, c) in enumerate(curves.items()):
        pts = [(int(m + (w - 2 * m) * i / max(len(c) - 1, 1)),
                int(h - m - (h - 2 * m) * (v - lo) / (hi - lo))) for i, v in enumerate(c)]
        for a, b in itertools.pairwise(pts):
            cv2.line(img, a, b, cols[k % 4], 2, cv2.LINE_AA)
        cv2.putText(img, name, (m + 10, m + 20 + 18 * k), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
                    cols[k % 4], 1, cv2.LINE_AA)
    cv2.putText(img, title, (m, m - 12), cv2.FONT_HERSHEY_SIMPLEX, 0.55, (0, 0, 0), 1)
    cv2.putText(img, f"{hi:.3g}", (2, m + 4), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1)
    cv2.putText(img, f"{lo:.3g}", (2, h - m), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (0, 0, 0), 1)
    cv2.putText(img, "epoch", (w // 2, h - 10), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1)
    path.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(path), img)


def export(model: nn.Module, shape: tuple[int, ...], path: Path) -> float:
    """Export to ONNX (opset 11, plain ops), reload in cv2.dnn, return max |diff|.
    The model is moved to the CPU first (it stays there)."""
    model.cpu().eval()
    x = torch.rand(*shape)
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(model, (x,), str(path), opset_version=11, input_names=["x"],
                      output_names=["y"], dynamo=False)
    with torch.no_grad():
        ref = model(x).numpy()
    net = cv2.dnn.readNetFromONNX(str(path))
    net.setInput(x.numpy())
    got = net.forward()
    return float(np.abs(got.reshape(ref.shape) - ref).max())


def load_onnx_weights(model: nn.Module, path: Path) -> None:
    """Load the weights of an ONNX file exported by :func:`export` from a network of
    the same layers into ``model`` (to fine-tune a shipped network, whose PyTorch
    weights were not kept). The export folds each BatchNorm into its convolution, so
    the convolutions take the folded weights and every BatchNorm is set to pass its
    input through unchanged: in eval mode the model then gives the file's outputs
    (checked: within 2e-6 of cv2.dnn on both shipped networks). Fine-tuning keeps
    those BatchNorms in eval mode (:func:`train_mode`), so it starts exactly at the
    file's network.

    Raises:
        ValueError: the file's convolutions are not the model's, in number or shape.
    """
    import onnx  # training only
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    inits = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    convs = [(inits[n.input[1]], inits[n.input[2]]) for n in graph.node
             if n.op_type == "Conv"]
    mine = [m for m in model.modules() if isinstance(m, nn.Conv2d)]
    if len(convs) != len(mine) or any(tuple(w.shape) != tuple(m.weight.shape)
                                      for (w, _), m in zip(convs, mine, strict=False)):
        raise ValueError(f"{path}: its {len(convs)} convolutions are not the model's "
                         f"{len(mine)} ({type(model).__name__})")
    if any(m.bias is None for m in mine):
        raise ValueError(f"{type(model).__name__}: a convolution without bias")
    with torch.no_grad():
        for (w, b), m in zip(convs, mine, strict=True):
            m.weight.copy_(torch.from_numpy(np.array(w)))
            m.bias.copy_(torch.from_numpy(np.array(b)))
        for bn in model.modules():
            if isinstance(bn, nn.BatchNorm2d):
                bn.weight.fill_(1.0)
                bn.bias.zero_()
                bn.running_mean.zero_()
                bn.running_var.fill_(1.0 - bn.eps)


def train_mode(model: nn.Module, frozen_bn: bool) -> None:
    """``model.train()``, its BatchNorms left in eval mode when ``frozen_bn``: a
    network loaded by :func:`load_onnx_weights` then starts fine-tuning exactly at
    the loaded network (its BatchNorms pass their input through), where batch
    statistics would first change what every layer puts out."""
    model.train()
    if frozen_bn:
        for m in model.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.eval()


def focal(pred: torch.Tensor, gt: torch.Tensor) -> torch.Tensor:
    """CenterNet's penalty-reduced focal loss on sigmoid scores."""
    p = pred.clamp(1e-4, 1 - 1e-4)
    pos = gt.eq(1).float()
    neg = 1 - pos
    pos_loss = torch.log(p) * (1 - p) ** 2 * pos
    neg_loss = torch.log(1 - p) * p**2 * (1 - gt) ** 4 * neg
    n = pos.sum().clamp(min=1)
    return -(pos_loss.sum() + neg_loss.sum()) / n


def train_detector(args: argparse.Namespace, manifest: dict[str, Any]) -> None:
    rng = np.random.default_rng(args.seed)
    train = load_photos(Path(args.data), FOLDERS, "train")
    hold = load_photos(Path(args.data), FOLDERS, "held-out")
    syn = synth_photos(np.random.default_rng(args.seed + 1), args.det_synth,
                       style=args.synth_style) + rendered(args, args.seed + 2)
    t0 = time.time()
    x_r, t_r = det_patches(rng, train, args.det_per_photo)
    x_s, t_s = det_patches(rng, syn, 2)
    x_h, t_h = det_patches(np.random.default_rng(99), hold, 4)
    x = np.concatenate([x_r, x_s])
    t = np.concatenate([t_r, t_s])
    print(f"detector data: {len(x_r)} real + {len(x_s)} synthetic patches, "
          f"{len(x_h)} held-out, {time.time() - t0:.0f} s", flush=True)
    dev = torch.device(args.device)
    model = DETECTORS[args.det_arch]()
    lr = 3e-3
    if args.det_init:  # fine-tune an exported detector, its BatchNorms frozen
        load_onnx_weights(model, Path(args.det_init))
        lr = args.init_lr
    model = model.to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    steps = args.det_epochs * math.ceil(len(x) / 32)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps)
    curves: dict[str, list[float]] = {"train": [], "held-out": []}
    xh, th = _to_tensor(x_h).to(dev), torch.from_numpy(t_h).to(dev)
    for ep in range(args.det_epochs):
        train_mode(model, frozen_bn=bool(args.det_init))
        perm = rng.permutation(len(x))
        tot = 0.0
        for b in range(0, len(x), 32):
            idx = perm[b:b + 32]
            xb, tb = _to_tensor(x[idx]).to(dev), torch.from_numpy(t[idx]).to(dev)
            out = model.logits(xb)
            heat = torch.sigmoid(out[:, 0])
            loss = focal(heat, tb[:, 0])
            mask = tb[:, 2]
            loss = loss + 2.0 * (F.smooth_l1_loss(out[:, 1], tb[:, 1], reduction="none")
                                 * mask).sum() / mask.sum().clamp(min=1)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(idx)
        model.eval()
        with torch.no_grad():
            hl = 0.0
            for b in range(0, len(xh), 64):
                out = model.logits(xh[b:b + 64])
                tb = th[b:b + 64]
                mask = tb[:, 2]
                loss = focal(torch.sigmoid(out[:, 0]), tb[:, 0]) + 2.0 * (
                    F.smooth_l1_loss(out[:, 1], tb[:, 1], reduction="none") * mask
                ).sum() / mask.sum().clamp(min=1)
                hl += float(loss) * len(tb)
        curves["train"].append(tot / len(x))
        curves["held-out"].append(hl / len(xh))
        torch.save(model.state_dict(), Path(args.checkpoints) / "detector.pt")
        print(f"detector epoch {ep + 1}: train {tot / len(x):.3f} held-out {hl / len(xh):.3f}"
              f" ({time.time() - t0:.0f} s)", flush=True)
    plot(Path(args.figures) / "detector_loss.png", curves, "detector loss (focal + size)")
    diff = export(model, (1, 3, 288, 512), Path(args.det_out))
    print(f"detector exported; cv2.dnn max |diff| {diff:.2e}", flush=True)
    manifest["detector"] = {
        "patches_real": len(x_r), "patches_synthetic": len(x_s), "patch_px": DET_PATCH,
        "per_photo": args.det_per_photo, "synthetic_scenes": args.det_synth,
        "synth_style": args.synth_style, "rendered": args.render, "kinds_per_kind": args.kinds,
        "arch": args.det_arch, "init": args.det_init, "epochs": args.det_epochs,
        "final_train_loss": curves["train"][-1],
        "final_held_out_loss": curves["held-out"][-1], "cv2_dnn_max_abs_diff": diff,
        "seconds": round(time.time() - t0),
    }


def train_face(args: argparse.Namespace, manifest: dict[str, Any]) -> None:
    rng = np.random.default_rng(args.seed + 10)
    hard = json.loads((HERE / "hard_negatives.json").read_text())
    train = load_photos(Path(args.data), FOLDERS, "train", hard)
    hold = load_photos(Path(args.data), FOLDERS, "held-out")
    syn = synth_photos(np.random.default_rng(args.seed + 11), args.face_synth,
                       style=args.synth_style) + rendered(args, args.seed + 12)
    t0 = time.time()
    px, st = args.face_px, args.face_stretch
    x_r, y_r = face_crops(rng, train, args.face_per_die, args.face_per_die * 0.6, px, st)
    x_s, y_s = face_crops(rng, syn, 2, 1.2, px, st)
    x_h, y_h = face_crops(np.random.default_rng(98), hold, 1, 0.6, px)
    x = np.concatenate([x_r, x_s])
    y = np.concatenate([y_r, y_s])
    print(f"face data: {len(x_r)} real + {len(x_s)} synthetic crops, {len(x_h)} held-out;"
          f" classes {np.bincount(y, minlength=7).tolist()}; {time.time() - t0:.0f} s",
          flush=True)
    model = FACE_NETS[px]()
    lr = 3e-3
    if args.face_init:
        if args.face_init.endswith(".onnx"):
            load_onnx_weights(model, Path(args.face_init))
        else:
            model.load_state_dict(torch.load(args.face_init, map_location="cpu"))
        lr = args.init_lr
    dev = torch.device(args.device)
    model = model.to(dev)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=5e-4)
    bs = 128
    steps = args.face_epochs * math.ceil(len(x) / bs)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps)
    curves: dict[str, list[float]] = {"train loss": [], "held-out loss": [],
                                      "held-out error": []}
    xh, yh = _to_tensor(x_h).to(dev), torch.from_numpy(y_h).to(dev)
    frozen = bool(args.face_init and args.face_init.endswith(".onnx"))
    for ep in range(args.face_epochs):
        train_mode(model, frozen_bn=frozen)
        perm = rng.permutation(len(x))
        tot = 0.0
        for b in range(0, len(x), bs):
            idx = perm[b:b + bs]
            xb = _to_tensor(x[idx]).to(dev)
            k = int(rng.integers(0, 4))
            xb = torch.rot90(xb, k, (2, 3))
            if rng.random() < 0.5:
                xb = torch.flip(xb, (3,))
            yb = torch.from_numpy(y[idx]).to(dev)
            logits = model(xb)[:, :, 0, 0]
            loss = F.cross_entropy(logits, yb, label_smoothing=0.02)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(idx)
        model.eval()
        with torch.no_grad():
            logits = torch.cat([model(xh[b:b + 512])[:, :, 0, 0] for b in range(0, len(xh), 512)])
            hl = float(F.cross_entropy(logits, yh))
            err = float((logits.argmax(1) != yh).float().mean())
        curves["train loss"].append(tot / len(x))
        curves["held-out loss"].append(hl)
        curves["held-out error"].append(err)
        torch.save(model.state_dict(), Path(args.checkpoints) / "face.pt")
        print(f"face epoch {ep + 1}: train {tot / len(x):.3f} held-out {hl:.3f} err {err:.3f}"
              f" ({time.time() - t0:.0f} s)", flush=True)
    plot(Path(args.figures) / "face_loss.png", curves, "face classifier (cross-entropy, error)")
    diff = export(model, (8, 3, px, px), Path(args.face_out))
    print(f"face exported; cv2.dnn max |diff| {diff:.2e}", flush=True)
    manifest["face"] = {
        "crops_real": len(x_r), "crops_synthetic": len(x_s), "crop_px": px,
        "p_stretch": st,
        "per_die": args.face_per_die, "synthetic_scenes": args.face_synth,
        "synth_style": args.synth_style, "rendered": args.render, "kinds_per_kind": args.kinds,
        "hard_negatives": f"{len(hard)} detections on training photos away from every "
                          "labelled die (tools/vision/hard_negatives.json), 3 crops each",
        "classes_train": np.bincount(y, minlength=7).tolist(), "epochs": args.face_epochs,
        "final_held_out_crop_error": curves["held-out error"][-1],
        "init": args.face_init,
        "cv2_dnn_max_abs_diff": diff, "seconds": round(time.time() - t0),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("what", choices=("detector", "face", "all"))
    ap.add_argument("--data", default="../shared/dice-photos")
    ap.add_argument("--seed", type=int, default=20261129)
    ap.add_argument("--threads", type=int, default=1,
                    help="torch threads (1: two threads fight other jobs on a shared 2-core box)")
    ap.add_argument("--device", default="cpu",
                    help="torch device to train on: cpu, or cuda on a GPU machine (the "
                         "networks are exported from the CPU either way)")
    ap.add_argument("--checkpoints", default="/tmp/vision-train",
                    help="folder for the per-epoch PyTorch checkpoints (not shipped)")
    ap.add_argument("--det-epochs", type=int, default=36)
    ap.add_argument("--det-per-photo", type=int, default=16)
    ap.add_argument("--det-synth", type=int, default=1200)
    ap.add_argument("--det-arch", default="full", choices=sorted(DETECTORS),
                    help="detector architecture (tools/vision/models.py DETECTORS)")
    ap.add_argument("--det-init", default=None,
                    help="fine-tune this exported detector (.onnx, BatchNorms frozen) at "
                         "--init-lr instead of training one from scratch")
    ap.add_argument("--init-lr", type=float, default=5e-4,
                    help="peak rate when fine-tuning (--det-init, --face-init)")
    ap.add_argument("--det-out", default=str(MODELS / "detector.onnx"),
                    help="where to write the detector (another path for trials)")
    ap.add_argument("--render", type=int, default=0,
                    help="rendered 3-D scenes (vision.render) added to the synthetic ones")
    ap.add_argument("--kinds", type=int, default=0,
                    help="scenes of each of issue 10's kinds (tools.vision.kinds) added")
    ap.add_argument("--face-epochs", type=int, default=24)
    ap.add_argument("--face-per-die", type=int, default=16)
    ap.add_argument("--face-synth", type=int, default=600)
    ap.add_argument("--synth-style", default="rich", choices=sorted(SYNTH_STYLES),
                    help="synthetic scenes (tools/vision/data.py SYNTH_STYLES)")
    ap.add_argument("--face-px", type=int, default=48, choices=sorted(FACE_NETS),
                    help="side of the face crop in px (the network's input)")
    ap.add_argument("--face-stretch", type=float, default=0.5,
                    help="chance that a die crop is stretched to another aspect ratio")
    ap.add_argument("--face-out", default=str(MODELS / "face.onnx"),
                    help="where to write the face classifier (another path for trials; the "
                         "shipped file is an ensemble of members, tools/vision/ensemble.py)")
    ap.add_argument("--manifest", default=str(HERE / "manifest.json"),
                    help="where to record the run (another path for trials)")
    ap.add_argument("--figures", default=str(HERE / "figures"),
                    help="folder for the loss curves (another one for trials)")
    ap.add_argument("--face-init", default=None,
                    help="continue from these weights (fine-tuning at --init-lr): a "
                         "PyTorch state dict, or an exported .onnx (a member in "
                         "tools/vision/face-members/, not the shipped ensemble; "
                         "its BatchNorms frozen)")
    args = ap.parse_args()
    Path(args.checkpoints).mkdir(parents=True, exist_ok=True)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    path = Path(args.manifest)
    manifest: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    manifest.update({
        "data": {"folders": FOLDERS, "root": "../shared/dice-photos",
                 "split": "held_out(name): sha1(name)[0] % 5 == 0 -> held out "
                          "(vision.evaluate.held_out); only the rest is trained on",
                 "train_photos": [p.name for p in load_photos(Path(args.data), FOLDERS,
                                                              "train")]},
        "synthetic": {"generator": "vision.synth.make_scene",
                      "spec": "SceneSpec(die_px=(14, 70), p_touching=0.5, **style); "
                              "every third scene die_px=(60, 120) with 1..3 dice",
                      "styles": {k: str(v) for k, v in SYNTH_STYLES.items()},
                      "scene_px": 320, "dice_per_scene": "1..8"},
        "seed": args.seed,
        "args": {k: v for k, v in vars(args).items()
                 if k not in ("data", "checkpoints", "manifest", "figures")},
    })
    if args.what in ("detector", "all"):
        train_detector(args, manifest)
    if args.what in ("face", "all"):
        train_face(args, manifest)
    path.write_text(json.dumps(manifest, indent=1) + "\n")


if __name__ == "__main__":
    main()
