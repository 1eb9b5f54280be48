"""A record's fingerprint is the hash of one JSON text of its content; the parts written
without the JSON encoder (plain moves and tags) are written exactly as the encoder writes them."""
import hashlib
import json
import random

from records.core.model import PlyColumns, Record

PIECES = ["e4", "Nf3", "O-O", "exd8=Q+", 'a"b', "back\\slash", "tab\t", "é", "中文", "\x7f", ""]


def encoder_digest(rec: Record, sans: list[str], printed: list[str]) -> str:
    tags = sorted((k, str(v)) for k, v in rec.tags.items() if not k.startswith("_"))
    differing = [] if printed == sans else \
        [[[i, t] for i, (t, n) in enumerate(zip(printed, sans)) if t != n]]
    key = json.JSONEncoder(ensure_ascii=False).encode(
        [rec.kind, rec.start_position, sans, "", tags, *differing])
    return hashlib.blake2b(key.encode(), digest_size=16).hexdigest()


def test_fingerprints_are_the_encoder_s_json_whatever_the_strings():
    rng = random.Random(7)
    for _ in range(3000):
        pick = lambda: "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 3)))  # noqa: E731
        sans = [pick() or "e4" for _ in range(rng.randint(0, 6))]
        printed = [s if rng.random() < 0.8 else pick() for s in sans]
        tags = {pick() or "Event": pick() for _ in range(rng.randint(0, 5))}
        tags["_hidden"] = "left out"
        rec = Record(kind="chess", title="t", tags=tags, start_position=pick(),
                     plies_in_text=True)
        rec.plies = PlyColumns(printed, sans, [1] * len(sans), [1] * len(sans))
        assert rec.content_digest() == encoder_digest(rec, sans, printed)


def test_the_quick_json_writer_writes_what_the_encoder_writes():
    from records.core.model import json_writer
    rng = random.Random(11)

    def value(depth=0):
        pick = rng.randrange(9 if depth < 3 else 6)
        return [lambda: rng.choice(PIECES) * rng.randint(0, 2), lambda: rng.randint(-10**20, 10**20),
                lambda: rng.uniform(-1e300, 1e300), lambda: rng.choice([None, True, False]),
                lambda: rng.random(), lambda: float(rng.choice(["inf", "-inf", "nan"])),
                lambda: [value(depth + 1) for _ in range(rng.randint(0, 4))],
                lambda: tuple(value(depth + 1) for _ in range(rng.randint(0, 3))),
                lambda: {rng.choice(PIECES): value(depth + 1) for _ in range(rng.randint(0, 4))},
                ][pick]()
    for separators in ((", ", ": "), (",", ":")):
        write = json_writer(separators)
        encode = json.JSONEncoder(ensure_ascii=False, separators=separators).encode
        for _ in range(2000):
            item = value()
            assert write(item) == encode(item)
