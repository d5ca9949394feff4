"""The two small networks, in PyTorch (training only; run time uses cv2.dnn on ONNX).

Only plain operators that OpenCV's dnn module has long supported (4.x and 5.x):
Conv (with stride / dilation), Relu, MaxPool, Resize (nearest, x2), Concat, Sigmoid.
"""

from __future__ import annotations

import torch
from torch import nn


def _conv(cin: int, cout: int, k: int = 3, stride: int = 1, dil: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, stride=stride, padding=dil * (k // 2), dilation=dil),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


def _chain(cin: int, widths: tuple[int, ...]) -> nn.Sequential:
    """3 x 3 convolutions (with BatchNorm and ReLU) from ``cin`` channels through
    ``widths`` in turn."""
    layers = []
    for cout in widths:
        layers.append(_conv(cin, cout))
        cin = cout
    return nn.Sequential(*layers)


class Detector(nn.Module):
    """Die-centre heatmap and die size, at 1/4 of the input resolution.

    Input: N x 3 x H x W, BGR scaled to 0..1 (H, W multiples of 16).
    Output: N x 2 x H/4 x W/4: channel 0 the centre score (sigmoid applied),
    channel 1 the die size as log2(px at input / 16).

    The channels of each stage (the shipped detector's by default): ``stem`` at 1/4
    of the input, the convolutions ``b4`` there, ``b8`` at 1/8, ``b16`` at 1/16 (the
    second dilated, the last 1 x 1), ``f8`` after the first upsampling (the last
    1 x 1) and ``f4`` after the second.
    """

    def __init__(self, stem: int = 16, b4: tuple[int, ...] = (24, 24),
                 b8: tuple[int, ...] = (40, 40), b16: tuple[int, int, int] = (56, 56, 32),
                 f8: tuple[int, int] = (32, 24), f4: tuple[int, ...] = (24, 24)) -> None:
        super().__init__()
        self.stem = nn.Sequential(_conv(3, stem, stride=2), nn.MaxPool2d(2))  # /4
        self.b4 = _chain(stem, b4)
        self.b8 = nn.Sequential(nn.MaxPool2d(2), *_chain(b4[-1], b8))
        self.b16 = nn.Sequential(nn.MaxPool2d(2), _conv(b8[-1], b16[0]),
                                 _conv(b16[0], b16[1], dil=2), _conv(b16[1], b16[2], k=1))
        self.up8 = nn.Upsample(scale_factor=2, mode="nearest")
        self.f8 = nn.Sequential(_conv(b16[2] + b8[-1], f8[0]), _conv(f8[0], f8[1], k=1))
        self.up4 = nn.Upsample(scale_factor=2, mode="nearest")
        self.f4 = _chain(f8[1] + b4[-1], f4)
        self.head = nn.Conv2d(f4[-1], 2, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.logits(x)
        return torch.cat([torch.sigmoid(out[:, :1]), out[:, 1:]], 1)

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        s4 = self.b4(self.stem(x))
        s8 = self.b8(s4)
        s16 = self.b16(s8)
        y = self.f8(torch.cat([self.up8(s16), s8], 1))
        y = self.f4(torch.cat([self.up4(y), s4], 1))
        out: torch.Tensor = self.head(y)
        return out


class DetectorLite(Detector):
    """:class:`Detector` with fewer channels at 1/4 and 1/8 of the input: the same
    outputs (N x 2 x H/4 x W/4: centre score, log2 size), about half the cost in
    ``cv2.dnn`` (12 channels at 1/4 instead of 16..48: the convolutions there are most
    of the work)."""

    def __init__(self) -> None:
        super().__init__(stem=12, b4=(12,), b8=(32, 32), b16=(48, 48, 32), f8=(32, 12),
                         f4=(12,))


class DetectorMid(Detector):
    """:class:`Detector` with 12 channels at 1/4 of the input (one convolution before
    the downsampling, one after the upsampling) and the same deeper layers: the same
    outputs, about half the cost in ``cv2.dnn``."""

    def __init__(self) -> None:
        super().__init__(stem=12, b4=(12,), f8=(32, 12), f4=(12,))


#: The detectors ``train.py --det-arch`` can train: ``full`` is the shipped one.
DETECTORS: dict[str, type[Detector]] = {"full": Detector, "lite": DetectorLite,
                                        "mid": DetectorMid}


#: Classes of the face classifier: 0 is "not a readable die" (background, a part of a
#: die, two dice half in the crop), 1..6 the face value on top.
N_CLASSES = 7
CROP_PX = 32


class _FaceClassifier(nn.Module):
    """A face classifier: its ``body`` maps N x 3 x S x S to N x 7 x 1 x 1 logits."""

    body: nn.Sequential

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.body(x)
        return out


class FaceNet(_FaceClassifier):
    """Face value of a die crop: N x 3 x 32 x 32 (BGR 0..1) -> N x 7 x 1 x 1 logits."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _conv(3, 24), _conv(24, 24), nn.MaxPool2d(2),  # 16
            _conv(24, 40), _conv(40, 40), nn.MaxPool2d(2),  # 8
            _conv(40, 80), _conv(80, 80), nn.MaxPool2d(2),  # 4
            nn.Conv2d(80, 96, 4), nn.ReLU(inplace=True),  # 1
            nn.Conv2d(96, N_CLASSES, 1),
        )


class FaceNet48(_FaceClassifier):
    """Face value of a die crop: N x 3 x 48 x 48 (BGR 0..1) -> N x 7 x 1 x 1 logits.

    The 32 px :class:`FaceNet` sees the pips of a 50 px die about 2 px wide; at 48 px
    they stay 3..4 px. Few channels at full resolution keep it about twice the cost of
    :class:`FaceNet`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _conv(3, 16), _conv(16, 24), nn.MaxPool2d(2),  # 24
            _conv(24, 40), _conv(40, 40), nn.MaxPool2d(2),  # 12
            _conv(40, 64), _conv(64, 64), nn.MaxPool2d(2),  # 6
            _conv(64, 96), _conv(96, 96), nn.MaxPool2d(2),  # 3
            nn.Conv2d(96, 128, 3), nn.ReLU(inplace=True),  # 1
            nn.Conv2d(128, N_CLASSES, 1),
        )


FACE_NETS: dict[int, type[nn.Module]] = {32: FaceNet, 48: FaceNet48}
