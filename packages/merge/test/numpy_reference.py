"""An independent safetensors reader/writer and float64 reference, in numpy (no safetensors library).

    numpy_reference.py check LO HI ALPHA OUT [ALPHA OUT ...]   -> JSON report on stdout
    numpy_reference.py write PATH                                -> writes a file for the TS reader
"""
import json
import math
import os
import struct
import sys

import numpy as np

DTYPES = {
    "F64": "<f8", "F32": "<f4", "F16": "<f2", "BF16": "<u2",
    "I64": "<i8", "I32": "<i4", "I16": "<i2", "I8": "i1", "U8": "u1", "BOOL": "?",
}
# (mantissa bits, minimum normal exponent) of each float dtype, for one ulp.
ULP = {"F64": (52, -1022), "F32": (23, -126), "F16": (10, -14), "BF16": (7, -126)}
MAX = {"F64": 1.7976931348623157e308, "F32": 3.4028234663852886e38, "F16": 65504.0, "BF16": 3.3895313892515355e38}


def read_file(path):
    with open(path, "rb") as f:
        raw = f.read()
    (n,) = struct.unpack("<Q", raw[:8])
    assert 8 + n <= len(raw), f"{path}: header length past the end"
    header = json.loads(raw[8 : 8 + n].decode("utf-8"))
    meta = header.pop("__metadata__", {})
    data = raw[8 + n :]
    pos, tensors = 0, {}
    for name, t in sorted(header.items(), key=lambda kv: kv[1]["data_offsets"]):
        begin, end = t["data_offsets"]
        assert begin == pos, f"{path}: {name} not contiguous"
        arr = np.frombuffer(data[begin:end], dtype=np.dtype(DTYPES[t["dtype"]]))
        assert arr.size == math.prod(t["shape"]), f"{path}: {name} size"
        tensors[name] = (t["dtype"], arr.reshape(t["shape"]))
        pos = end
    assert pos == len(data), f"{path}: trailing bytes"
    return meta, tensors, (8 + n) % 8 == 0


def read_checkpoint(d):
    index = os.path.join(d, "model.safetensors.index.json")
    files = sorted(set(json.load(open(index))["weight_map"].values())) if os.path.exists(index) else ["model.safetensors"]
    tensors, metas, aligned = {}, [], True
    for f in files:
        meta, t, a = read_file(os.path.join(d, f))
        tensors.update(t)
        metas.append(meta)
        aligned = aligned and a
    return tensors, metas, aligned


def as_f64(dtype, arr):
    if dtype == "BF16":
        return (arr.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return arr.astype(np.float64)


def ulp(dtype, x):
    mant, min_exp = ULP[dtype]
    _, e = np.frexp(np.abs(x))  # |x| = m * 2**e with m in [0.5, 1)
    return np.ldexp(1.0, np.maximum(e - 1, min_exp) - mant)


def check(lo_dir, hi_dir, pairs):
    lo, _, _ = read_checkpoint(lo_dir)
    hi, _, _ = read_checkpoint(hi_dir)
    report = {"checked": 0, "errors": []}
    for alpha, out_dir in pairs:
        out, metas, aligned = read_checkpoint(out_dir)
        if not aligned:
            report["errors"].append(f"{out_dir}: data section not 8-byte aligned")
        for meta in metas:
            recipe = json.loads(meta["frontier_merge"])
            if meta.get("format") != "pt" or recipe["alpha"] != alpha:
                report["errors"].append(f"{out_dir}: metadata {meta}")
        if set(out) != set(lo):
            report["errors"].append(f"{out_dir}: tensor names differ")
        for name, (dtype, got) in out.items():
            ldt, a = lo[name]
            _, b = hi[name]
            if dtype != ldt or got.shape != a.shape:
                report["errors"].append(f"{out_dir}: {name}: dtype/shape")
                continue
            report["checked"] += got.size
            if dtype not in ULP:
                if not np.array_equal(got, a):
                    report["errors"].append(f"{out_dir}: {name}: copied tensor differs")
                continue
            ref = (1 - alpha) * as_f64(dtype, a) + alpha * as_f64(dtype, b)
            g = as_f64(dtype, got)
            with np.errstate(invalid="ignore", over="ignore"):
                close = np.abs(g - ref) <= ulp(dtype, ref)
                overflow = np.isinf(g) & (np.sign(g) == np.sign(ref)) & (np.abs(ref) > MAX[dtype])
                nan = np.isnan(g) & np.isnan(ref)
                bad = ~(close | overflow | nan | (np.isinf(ref) & (g == ref)))
            if bad.any():
                i = int(np.argmax(bad))
                report["errors"].append(f"{out_dir}: {name}[{i}]: got {g.flat[i]!r}, reference {ref.flat[i]!r}")
    return report


def write(path):
    tensors = {
        "bf16": ("BF16", (np.array([1.0, -2.5, 3.0e38, 1e-40], dtype=np.float32).view(np.uint32) >> 16).astype("<u2")),
        "f16": ("F16", np.array([[0.5, -65504.0], [6e-8, 1.0]], dtype="<f2")),
        "f32": ("F32", np.arange(5, dtype="<f4") / 3),
        "i64": ("I64", np.array([-1, 2**40], dtype="<i8")),
        "empty": ("F64", np.zeros((0, 3), dtype="<f8")),
    }
    header, blobs, pos = {"__metadata__": {"format": "pt", "by": "numpy"}}, [], 0
    for name, (dtype, arr) in reversed(list(tensors.items())):  # storage order differs from key order
        blob = arr.tobytes()
        header[name] = {"dtype": dtype, "shape": list(arr.shape), "data_offsets": [pos, pos + len(blob)]}
        blobs.append(blob)
        pos += len(blob)
    text = json.dumps(header).encode()  # deliberately unpadded: the spec does not require alignment
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2])
    else:
        lo_dir, hi_dir, rest = sys.argv[2], sys.argv[3], sys.argv[4:]
        pairs = [(float(rest[i]), rest[i + 1]) for i in range(0, len(rest), 2)]
        print(json.dumps(check(lo_dir, hi_dir, pairs)))
