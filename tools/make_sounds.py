"""Synthesise the game's sound effects into assets/sounds/*.wav (stdlib only, deterministic).

    python tools/make_sounds.py [--out assets/sounds]

Each effect is a few sine partials and filtered noise under an envelope: dice rattling on a table,
a blade clash, a musket shot, a splash, a fall onto a deck, the hot-seat hand-over chime, and a
win and a loss sting. 22,050 Hz mono 16-bit WAV: pygame.mixer plays WAV everywhere without codecs.
Same script, same bytes: the noise comes from a seeded random.Random.
"""

from __future__ import annotations

import argparse
import math
import random
import wave
from array import array
from pathlib import Path

RATE = 22_050
ROOT = Path(__file__).resolve().parents[1]
TAU = 2 * math.pi


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def mix(dst: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> list[float]:
    """Add src into dst starting at `at` seconds (dst grows as needed)."""
    start = int(at * RATE)
    if len(dst) < start + len(src):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def tone(freq: float, seconds: float, decay: float, attack: float = 0.004, partials=((1.0, 1.0),)) -> list[float]:
    """Sine partials (ratio, amplitude) under a fast attack and an exponential decay (time constant)."""
    n = int(RATE * seconds)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(env * sum(a * math.sin(TAU * freq * r * t) for r, a in partials))
    return out


def noise(rng: random.Random, seconds: float, decay: float, attack: float = 0.001, smooth: float = 0.0) -> list[float]:
    """White noise, low-passed by a one-pole filter (smooth 0..1: higher is duller), under an envelope."""
    n = int(RATE * seconds)
    out, y = [], 0.0
    for i in range(n):
        t = i / RATE
        y = smooth * y + (1 - smooth) * rng.uniform(-1.0, 1.0)
        out.append(y * min(1.0, t / attack) * math.exp(-t / decay))
    return out


def sweep(f0: float, f1: float, seconds: float, decay: float) -> list[float]:
    """A sine gliding from f0 to f1 Hz (a thump or a falling body)."""
    n = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        phase += TAU * (f0 + (f1 - f0) * t / seconds) / RATE
        out.append(math.sin(phase) * min(1.0, t / 0.003) * math.exp(-t / decay))
    return out


def dice(rng: random.Random) -> list[float]:
    out = silence(0.05)
    t = 0.0
    for _ in range(7):  # bounces come closer together and softer
        click = mix(noise(rng, 0.03, 0.006, smooth=0.35), tone(rng.uniform(1800, 2600), 0.03, 0.008), 0, 0.5)
        mix(out, click, t, 1.0 - t * 1.6)
        t += rng.uniform(0.035, 0.07) * (1.0 - t)
    return out


def clash(rng: random.Random) -> list[float]:
    ring = tone(1530.0, 0.7, 0.16, 0.002, ((1.0, 1.0), (1.47, 0.7), (2.09, 0.5), (2.76, 0.35), (3.91, 0.2)))
    return mix(ring, noise(rng, 0.06, 0.012), 0, 0.9)


def shot(rng: random.Random) -> list[float]:
    bang = noise(rng, 0.7, 0.09, smooth=0.55)
    mix(bang, sweep(140, 45, 0.5, 0.12), 0, 0.9)
    return mix(bang, noise(rng, 0.9, 0.3, attack=0.02, smooth=0.92), 0.03, 0.6)  # the echo


def splash(rng: random.Random) -> list[float]:
    out = noise(rng, 0.9, 0.25, attack=0.03, smooth=0.6)
    mix(out, sweep(260, 90, 0.25, 0.08), 0, 0.5)
    for _ in range(8):  # droplets falling back
        mix(out, tone(rng.uniform(900, 1700), 0.05, 0.015), rng.uniform(0.2, 0.8), 0.18)
    return out


def fall(rng: random.Random) -> list[float]:
    out = sweep(110, 40, 0.45, 0.1)
    return mix(out, noise(rng, 0.25, 0.05, smooth=0.8), 0, 0.8)


def chime(rng: random.Random) -> list[float]:
    bell = ((1.0, 1.0), (2.0, 0.35), (3.01, 0.15))
    out = tone(659.25, 1.0, 0.35, 0.005, bell)  # E5 then B5
    return mix(out, tone(987.77, 1.1, 0.4, 0.005, bell), 0.16, 0.9)


def _arpeggio(notes: list[float], step: float, last: float) -> list[float]:
    out: list[float] = []
    horn = ((1.0, 1.0), (2.0, 0.4), (3.0, 0.2), (4.0, 0.08))
    for i, f in enumerate(notes):
        hold = last if i == len(notes) - 1 else step * 1.6
        mix(out, tone(f, hold, hold * 0.6, 0.015, horn), i * step, 0.8)
    return out


def win(rng: random.Random) -> list[float]:
    return _arpeggio([523.25, 659.25, 783.99, 1046.5], 0.12, 0.9)  # C major, rising


def loss(rng: random.Random) -> list[float]:
    return _arpeggio([440.0, 349.23, 293.66, 220.0], 0.2, 1.1)  # falling, minor


#: sound name -> synthesiser; game/ui/sound.py plays them by these names
EFFECTS = {
    "dice": dice,
    "clash": clash,
    "shot": shot,
    "splash": splash,
    "fall": fall,
    "chime": chime,
    "win": win,
    "loss": loss,
}


def write_wav(path: Path, samples: list[float], peak: float = 0.85) -> None:
    top = max(1e-9, max(abs(v) for v in samples))
    fade = int(0.01 * RATE)  # no click at the end
    pcm = array("h", (int(v / top * peak * 32767 * min(1.0, (len(samples) - i) / fade)) for i, v in enumerate(samples)))
    if pcm.itemsize != 2:
        raise SystemExit("make_sounds: this platform's array('h') is not 16-bit")
    if array("h", [1]).tobytes() != b"\x01\x00":
        pcm.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "assets" / "sounds", help="folder for the .wav files")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(EFFECTS.items()):
        samples = make(random.Random(1000 + i))
        write_wav(args.out / f"{name}.wav", samples)
        print(f"{args.out / (name + '.wav')}: {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
