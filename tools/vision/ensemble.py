"""Join exported face classifiers into one network that averages their logits.

Usage (training venv with torch and onnx, see ``tools/vision/README.md``)::

    /work/venv-train/bin/python -m tools.vision.ensemble vision/models/face.onnx \\
        tools/vision/face-members/face-2026-11-29.onnx tools/vision/face-members/face-a.onnx

Each member is an ONNX file exported by :mod:`tools.vision.train` from
:class:`tools.vision.models.FaceNet48` (N x 3 x 48 x 48 BGR 0..1 -> N x 7 x 1 x 1
logits). The joined network takes the same input and gives the mean of the members'
logits, N x 7 x 1 x 1: one ``cv2.dnn`` network, so :mod:`vision.model` runs it as it
runs one member, at the members' summed cost. Averaging logits (the geometric mean of
the members' probabilities, renormalised) is the plain ensemble of independently
trained classifiers (Lakshminarayanan et al. 2017, "Simple and Scalable Predictive
Uncertainty Estimation using Deep Ensembles"): members that disagree give a flatter
distribution, so the reader's probability thresholds withhold more of the values
they dispute.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import torch
from torch import nn

from .models import FaceNet48
from .train import export, load_onnx_weights


class FaceEnsemble(nn.Module):
    """The mean of the members' logits: N x 3 x 48 x 48 -> N x 7 x 1 x 1."""

    def __init__(self, members: list[nn.Module]) -> None:
        super().__init__()
        if not members:
            raise ValueError("an ensemble needs at least one member")
        self.members = nn.ModuleList(members)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        outs = [m(x) for m in self.members]
        total = outs[0]
        for o in outs[1:]:
            total = total + o
        return total * (1.0 / len(outs))


def join(out: Path, members: list[Path]) -> float:
    """Write the ensemble of ``members`` (exported FaceNet48 ONNX files) to ``out``;
    return the largest |difference| between cv2.dnn and PyTorch on random input.

    Raises:
        ValueError: a member is not an exported FaceNet48 (:func:`load_onnx_weights`).
    """
    nets = []
    for path in members:
        net = FaceNet48()
        load_onnx_weights(net, path)
        nets.append(net.eval())
    return export(FaceEnsemble(nets), (8, 3, 48, 48), out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("members", type=Path, nargs="+")
    args = ap.parse_args()
    diff = join(args.out, args.members)
    print(f"{args.out}: mean of {len(args.members)} face classifiers; "
          f"cv2.dnn max |diff| {diff:.2e}")


if __name__ == "__main__":
    main()
