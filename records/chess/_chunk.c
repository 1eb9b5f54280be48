/* The bulk PGN reader's compiled half (optional): what records/chess/pgn_boards.py makes with
 * numpy from the compiled reader's boards, made in one pass over a chunk's positions.
 *
 * sans(boards, turn, origins, targets, promotions, move_at, position_at, mated)
 *   boards: the chunk's positions, 64 bytes each (0 empty, 1-6 White's pawn to king, 7-12
 *   Black's), a1 first; turn: one byte a position, 1 when White is to move; origins, targets:
 *   one byte a move; promotions: one signed byte a move (2-5: knight to queen, else none);
 *   move_at, position_at: each game's first move and first position (32-bit, one more than
 *   there are games); mated: one byte a game, 1 when its last position is mate.
 *   known, depth: the openings table's position hashes (signed 64-bit ints) and how
 *   many plies of a game are looked up in it.
 * returns (the SAN of every move, a list; every position's key hash, as bytes of signed 64-bit
 *   ints; each game's start key, a list of str; for each game, the last ply within depth
 *   whose position the table knows, 0 for none).
 *
 * SAN is made from the move and the board before it, as python-chess spells it: the mover, the
 * capture, the disambiguation among the other men of the kind that may legally reach the
 * square (python-chess's rule: the file unless another shares it, the rank where one does),
 * the promotion, check and mate. A position's hash is records.chess.keys.key_hash of its key.
 * Inputs that do not fit together raise ValueError (the caller then uses numpy). Needs GCC or
 * Clang (their bit-scan builtins); elsewhere the build leaves it out and numpy does the work.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };
enum { PAWNS, KNIGHTS, BISHOPS, ROOKS, QUEENS, KINGS, WHITE_MEN, PLANES };

static const u64 HASH_SEED = 0x243F6A8885A308D3ULL, HASH_MULTIPLIER = 0x9E3779B97F4A7C15ULL;
static const u64 FILE_A = 0x0101010101010101ULL, RANK_1 = 0xFFULL;

static u64 KNIGHT_FROM[64], PAWN_FROM[2][64];   /* [1]: White's pawns that attack a square */
/* the squares from a square to the board's edge in each direction (the first four run to
 * higher squares: their nearest man is the lowest bit), and all of a square's lines */
static u64 RAY[8][64], STRAIGHT_FROM[64], DIAGONAL_FROM[64];
static const int STEPS[8][2] = {{0, 1}, {1, 0}, {1, 1}, {-1, 1},        /* N, E, NE, NW */
                                {0, -1}, {-1, 0}, {-1, -1}, {1, -1}};   /* S, W, SW, SE */
static const int STRAIGHT[4] = {0, 1, 4, 5}, DIAGONAL[4] = {2, 3, 6, 7};

static u64 bit(int square) { return (u64)1 << square; }

static void init_tables(void)
{
    static const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2},
                                    {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int sq = 0; sq < 64; sq++) {
        int f = sq & 7, r = sq >> 3;
        KNIGHT_FROM[sq] = 0;
        for (int j = 0; j < 8; j++) {
            int ff = f + jumps[j][0], rr = r + jumps[j][1];
            if (ff >= 0 && ff < 8 && rr >= 0 && rr < 8)
                KNIGHT_FROM[sq] |= bit(rr * 8 + ff);
        }
        PAWN_FROM[1][sq] = PAWN_FROM[0][sq] = 0;
        for (int df = -1; df <= 1; df += 2) {
            int ff = f + df;
            if (ff < 0 || ff > 7)
                continue;
            if (r > 0)
                PAWN_FROM[1][sq] |= bit((r - 1) * 8 + ff);   /* White's pawn, a rank below */
            if (r < 7)
                PAWN_FROM[0][sq] |= bit((r + 1) * 8 + ff);   /* Black's, a rank above */
        }
        for (int d = 0; d < 8; d++) {
            RAY[d][sq] = 0;
            for (int ff = f + STEPS[d][0], rr = r + STEPS[d][1];
                 ff >= 0 && ff < 8 && rr >= 0 && rr < 8; ff += STEPS[d][0], rr += STEPS[d][1])
                RAY[d][sq] |= bit(rr * 8 + ff);
        }
        STRAIGHT_FROM[sq] = RAY[0][sq] | RAY[1][sq] | RAY[4][sq] | RAY[5][sq];
        DIAGONAL_FROM[sq] = RAY[2][sq] | RAY[3][sq] | RAY[6][sq] | RAY[7][sq];
    }
}

/* the squares a man on `square` reaches along the four directions, up to and including the
 * first man met */
static u64 rays(int square, u64 occupied, const int directions[4])
{
    u64 out = 0;
    for (int i = 0; i < 4; i++) {
        int d = directions[i];
        u64 ray = RAY[d][square], blockers = ray & occupied;
        if (blockers) {
            int nearest = d < 4 ? __builtin_ctzll(blockers) : 63 - __builtin_clzll(blockers);
            ray ^= RAY[d][nearest];
        }
        out |= ray;
    }
    return out;
}

static int lowest(u64 b) { return __builtin_ctzll(b); }

/* a word read from memory as little-endian (the board's first square in its lowest byte) */
static u64 le64(u64 word)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(word);
#else
    return word;
#endif
}

#define GATHER(word) (((word) & FILE_A) * 0x0102040810204080ULL >> 56)

/* the squares of one code, from the four bit planes of the codes */
static inline u64 squares_of(int code, u64 b0, u64 b1, u64 b2, u64 b3)
{
    return (code & 1 ? b0 : ~b0) & (code & 2 ? b1 : ~b1) & (code & 4 ? b2 : ~b2) &
           (code & 8 ? b3 : ~b3);
}

/* the men of a board (64 codes, 0 to 12) as bitboards: each code's squares found with
 * bitwise logic on the four bits of the codes, each gathered a rank at a time (the byte
 * lowest in each of a word's eight bytes, into one byte, by one multiplication) */
static void planes_of(const uint8_t *board, u64 *planes)
{
    u64 b0 = 0, b1 = 0, b2 = 0, b3 = 0;
    for (int rank = 0; rank < 8; rank++) {
        u64 word;
        memcpy(&word, board + 8 * rank, 8);
        word = le64(word);
        b0 |= GATHER(word) << (8 * rank);
        b1 |= GATHER(word >> 1) << (8 * rank);
        b2 |= GATHER(word >> 2) << (8 * rank);
        b3 |= GATHER(word >> 3) << (8 * rank);
    }
    u64 white = 0;
    for (int kind = PAWN; kind <= KING; kind++) {   /* (unrolled: the codes are constants) */
        u64 own = squares_of(kind, b0, b1, b2, b3);
        planes[kind - 1] = own | squares_of(kind + 6, b0, b1, b2, b3);
        white |= own;
    }
    planes[WHITE_MEN] = white;
}

static u64 occupied_of(const u64 *planes)
{
    return planes[PAWNS] | planes[KNIGHTS] | planes[BISHOPS] | planes[ROOKS] | planes[QUEENS] |
           planes[KINGS];
}

static int64_t key_hash(const u64 *planes, int white)
{
    u64 h = HASH_SEED ^ (u64)(white != 0);
    for (int c = 0; c < PLANES; c++) {
        h = (h ^ planes[c]) * HASH_MULTIPLIER;
        h ^= h >> 31;
    }
    return (int64_t)h;
}

/* whether the king of `own` men on `king` would be attacked by the enemy's sliders (enemy:
 * their men) with the board's men at `occupied` */
static int sliders_hit(const u64 *planes, int king, u64 occupied, u64 enemy)
{
    u64 straight = (planes[ROOKS] | planes[QUEENS]) & enemy & STRAIGHT_FROM[king];
    u64 diagonal = (planes[BISHOPS] | planes[QUEENS]) & enemy & DIAGONAL_FROM[king];
    return (straight && (rays(king, occupied, STRAIGHT) & straight)) ||
           (diagonal && (rays(king, occupied, DIAGONAL) & diagonal));
}

/* whether the side to move (white: 1 for White) is in check */
static int in_check(const u64 *planes, int white)
{
    u64 occupied = occupied_of(planes);
    u64 own = white ? planes[WHITE_MEN] : occupied & ~planes[WHITE_MEN];
    u64 enemy = occupied & ~own, king_bit = planes[KINGS] & own;
    if (!king_bit)
        return 0;
    int king = lowest(king_bit);
    if ((KNIGHT_FROM[king] & planes[KNIGHTS] & enemy) ||
        (PAWN_FROM[!white][king] & planes[PAWNS] & enemy))
        return 1;
    return sliders_hit(planes, king, occupied, enemy);
}

/* the other men of the mover's kind and side that may legally go to target (kind: knight to
 * queen). The move itself is legal, so a check it answers there they answer too: one is held
 * back only when leaving its square opens a line onto its own king. */
static u64 rivals(const u64 *planes, int white, int kind, int origin, int target)
{
    u64 occupied = occupied_of(planes);
    u64 own = white ? planes[WHITE_MEN] : occupied & ~planes[WHITE_MEN];
    u64 same = planes[kind - 1] & own & ~bit(origin), reach = 0;
    if (!same)
        return 0;
    if (kind == KNIGHT)
        reach = KNIGHT_FROM[target];
    if (kind == ROOK || kind == QUEEN)
        reach |= rays(target, occupied, STRAIGHT);
    if (kind == BISHOP || kind == QUEEN)
        reach |= rays(target, occupied, DIAGONAL);
    same &= reach;
    u64 legal = 0, king_bit = planes[KINGS] & own;
    if (!same || !king_bit)
        return same;
    int king = lowest(king_bit);
    u64 enemy = occupied & ~own & ~bit(target);   /* a man taken on the target attacks no more */
    while (same) {
        u64 rival = same & (~same + 1);
        if (!sliders_hit(planes, king, (occupied & ~rival) | bit(target), enemy))
            legal |= rival;
        same &= ~rival;
    }
    return legal;
}

static const char FILES[] = "abcdefgh", LETTERS[] = " PNBRQK", PROMOTED[] = "  NBRQ";

/* the SAN of one move into out (at least 16 bytes); its length. others: the rivals (see
 * rivals()) of a piece's move */
static int spell(char *out, int kind, int capture, u64 others, int origin, int target,
                 int promotion, int check)
{
    int from_file = origin & 7, to_file = target & 7, n = 0;
    if (kind == KING && (from_file - to_file == 2 || to_file - from_file == 2)) {
        n = to_file == 6 ? 3 : 5;
        memcpy(out, to_file == 6 ? "O-O" : "O-O-O", n);
    } else if (kind == PAWN || kind == 0) {
        if (capture) {
            out[n++] = FILES[from_file];
            out[n++] = 'x';
        }
        out[n++] = FILES[to_file];
        out[n++] = (char)('1' + (target >> 3));
        if (promotion >= KNIGHT && promotion <= QUEEN) {
            out[n++] = '=';
            out[n++] = PROMOTED[promotion];
        }
    } else {
        out[n++] = LETTERS[kind];
        if (others) {
            u64 on_file = others & (FILE_A << from_file);
            u64 on_rank = others & (RANK_1 << (8 * (origin >> 3)));
            if (on_rank || !on_file)
                out[n++] = FILES[from_file];
            if (on_file)
                out[n++] = (char)('1' + (origin >> 3));
        }
        if (capture)
            out[n++] = 'x';
        out[n++] = FILES[to_file];
        out[n++] = (char)('1' + (target >> 3));
    }
    if (check)
        out[n++] = check == 2 ? '#' : '+';
    return n;
}

static PyObject *start_key(const u64 *planes, int white)
{
    char text[160];
    snprintf(text, sizeof text, "%llx:%llx:%llx:%llx:%llx:%llx:%llx:%s",
             (unsigned long long)planes[0], (unsigned long long)planes[1],
             (unsigned long long)planes[2], (unsigned long long)planes[3],
             (unsigned long long)planes[4], (unsigned long long)planes[5],
             (unsigned long long)planes[6], white ? "w" : "b");
    return PyUnicode_FromString(text);
}

/* SANs spelt before, by all a SAN that names no origin square depends on: the kind, the
 * capture, the side (a pawn taking from the right; a king castling), the target, the
 * promotion (none, or knight to queen) and the check; kept small, to stay in the cache */
#define SPELT (7 * 2 * 2 * 64 * 5 * 3)
static PyObject **spelt;

/* where a SAN is kept in spelt, or -1 for one not kept: a pawn's capture from further than
 * the next file (only an array that does not hold real moves has one) would be spelt with
 * its own file, which the key does not hold */
static int spelt_key(int kind, int capture, int origin, int target, int promotion, int check)
{
    int shift = (origin & 7) - (target & 7), side = 0;
    if (kind == PAWN && capture) {
        if (shift != 1 && shift != -1)
            return -1;
        side = shift > 0;
    } else if (kind == KING) {
        side = shift == 2 || shift == -2;   /* castling */
    }
    return ((((kind * 2 + capture) * 2 + side) * 64 + target) * 5 +
            (promotion ? promotion - 1 : 0)) * 3 + check;
}

static PyObject *san_object(const char *text, int n, int key)
{
    if (key < 0)
        return PyUnicode_FromStringAndSize(text, n);
    if (!spelt[key] && !(spelt[key] = PyUnicode_FromStringAndSize(text, n)))
        return NULL;
    Py_INCREF(spelt[key]);
    return spelt[key];
}

/* the openings table's hashes as a set: open addressing, a power of two of slots at least
 * twice as many as the hashes (0 marks an empty slot; a hash of 0 is kept aside) */
typedef struct {
    int64_t *slots;
    u64 mask;
    int has_zero;
} HashSet;

static u64 slot_of(int64_t hash, u64 mask) { return ((u64)hash * HASH_MULTIPLIER >> 20) & mask; }

static int hash_set(HashSet *set, const int64_t *hashes, Py_ssize_t count)
{
    u64 size = 16;
    while (size < 2 * (u64)count)
        size *= 2;
    set->mask = size - 1;
    set->has_zero = 0;
    if (!(set->slots = PyMem_Calloc(size, sizeof(int64_t))))
        return -1;
    for (Py_ssize_t i = 0; i < count; i++) {
        if (hashes[i] == 0) {
            set->has_zero = 1;
            continue;
        }
        u64 at = slot_of(hashes[i], set->mask);
        while (set->slots[at] && set->slots[at] != hashes[i])
            at = (at + 1) & set->mask;
        set->slots[at] = hashes[i];
    }
    return 0;
}

static int in_set(const HashSet *set, int64_t hash)
{
    if (hash == 0)
        return set->has_zero;
    for (u64 at = slot_of(hash, set->mask); set->slots[at]; at = (at + 1) & set->mask)
        if (set->slots[at] == hash)
            return 1;
    return 0;
}

typedef struct {
    Py_buffer view;
    int held;
} Buffer;

static int take(PyObject *obj, Buffer *b, Py_ssize_t item)
{
    if (PyObject_GetBuffer(obj, &b->view, PyBUF_C_CONTIGUOUS) < 0)
        return -1;
    b->held = 1;
    if (b->view.len % item) {
        PyErr_SetString(PyExc_ValueError, "an array's size is not a whole number of items");
        return -1;
    }
    return 0;
}

static PyObject *sans(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *objs[9];
    Buffer b[9];
    int depth;
    HashSet known = {NULL, 0, 0};
    memset(b, 0, sizeof b);
    static const Py_ssize_t items[9] = {64, 1, 1, 1, 1, 4, 4, 1, 8};
    PyObject *moves = NULL, *hashes = NULL, *starts = NULL, *named = NULL, *out = NULL;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOi", &objs[0], &objs[1], &objs[2], &objs[3],
                          &objs[4], &objs[5], &objs[6], &objs[7], &objs[8], &depth))
        return NULL;
    for (int i = 0; i < 9; i++)
        if (take(objs[i], &b[i], items[i]) < 0)
            goto done;
    const uint8_t *boards = b[0].view.buf, *turn = b[1].view.buf, *origins = b[2].view.buf,
                  *targets = b[3].view.buf, *mated = b[7].view.buf;
    const int8_t *promotions = b[4].view.buf;
    const uint32_t *move_at = b[5].view.buf, *position_at = b[6].view.buf;
    Py_ssize_t positions = b[0].view.len / 64, total = b[2].view.len;
    Py_ssize_t games = b[5].view.len / 4 - 1;
    if (games < 0 || b[6].view.len / 4 - 1 != games || b[1].view.len != positions ||
        b[3].view.len != total || b[4].view.len != total || b[7].view.len < games) {
        PyErr_SetString(PyExc_ValueError, "the chunk's arrays do not fit together");
        goto done;
    }
    for (Py_ssize_t g = 0; g < games; g++) {   /* every index inside its array */
        if (move_at[g] > move_at[g + 1] || move_at[g + 1] > total ||
            (Py_ssize_t)position_at[g] + (move_at[g + 1] - move_at[g]) >= positions) {
            PyErr_SetString(PyExc_ValueError, "a game's moves or positions are out of range");
            goto done;
        }
    }
    for (Py_ssize_t i = 0; i < total; i++) {
        if (origins[i] > 63 || targets[i] > 63) {
            PyErr_SetString(PyExc_ValueError, "a square out of range");
            goto done;
        }
    }
    if (hash_set(&known, b[8].view.buf, b[8].view.len / 8) < 0 ||
        (!spelt && !(spelt = PyMem_Calloc(SPELT, sizeof(PyObject *))))) {
        PyErr_NoMemory();
        goto done;
    }
    moves = PyList_New(total);
    hashes = PyBytes_FromStringAndSize(NULL, positions * 8);
    starts = PyList_New(games);
    named = PyList_New(games);
    if (!moves || !hashes || !starts || !named)
        goto done;
    int64_t *hash = (int64_t *)PyBytes_AS_STRING(hashes);
    memset(hash, 0, positions * 8);
    u64 planes[2][PLANES];
    for (Py_ssize_t g = 0; g < games; g++) {
        Py_ssize_t p = position_at[g], first = move_at[g], last = move_at[g + 1];
        u64 *now = planes[0], *next = planes[1];
        planes_of(boards + 64 * p, now);
        hash[p] = key_hash(now, turn[p]);
        PyObject *key = start_key(now, turn[p]);
        if (!key)
            goto done;
        PyList_SET_ITEM(starts, g, key);
        for (Py_ssize_t i = first; i < last; i++, p++) {
            const uint8_t *before = boards + 64 * p;
            planes_of(before + 64, next);
            hash[p + 1] = key_hash(next, turn[p + 1]);
            int check = in_check(next, turn[p + 1]);
            if (check && i == last - 1 && mated[g])
                check = 2;
            int origin = origins[i], target = targets[i], promotion = promotions[i];
            int code = before[origin], kind = code ? (code - 1) % 6 + 1 : 0;
            int capture = before[target] != 0 || (kind == PAWN && (origin & 7) != (target & 7));
            u64 others = kind >= KNIGHT && kind <= QUEEN ?
                rivals(now, turn[p], kind, origin, target) : 0;
            if (promotion < KNIGHT || promotion > QUEEN)
                promotion = 0;
            char text[16];
            int n = spell(text, kind, capture, others, origin, target, promotion, check);
            int key = others || kind == 0 ? -1 : spelt_key(kind, capture, origin, target,
                                                            promotion, check);
            PyObject *san = san_object(text, n, key);
            if (!san)
                goto done;
            PyList_SET_ITEM(moves, i, san);
            u64 *swap = now;
            now = next;
            next = swap;
        }
        Py_ssize_t deepest = 0;
        for (Py_ssize_t ply = 1; ply <= last - first && ply <= depth; ply++)
            if (in_set(&known, hash[position_at[g] + ply]))
                deepest = ply;
        PyObject *ply = PyLong_FromSsize_t(deepest);
        if (!ply)
            goto done;
        PyList_SET_ITEM(named, g, ply);
    }
    for (Py_ssize_t i = 0; i < total; i++) {   /* moves of no game (never seen): spelt empty */
        if (!PyList_GET_ITEM(moves, i)) {
            PyObject *empty = PyUnicode_FromString("");
            if (!empty)
                goto done;
            PyList_SET_ITEM(moves, i, empty);
        }
    }
    out = PyTuple_Pack(4, moves, hashes, starts, named);
done:
    PyMem_Free(known.slots);
    for (int i = 0; i < 9; i++)
        if (b[i].held)
            PyBuffer_Release(&b[i].view);
    Py_XDECREF(moves);
    Py_XDECREF(hashes);
    Py_XDECREF(starts);
    Py_XDECREF(named);
    return out;
}

/* -- main_lines for plain movetext (records/chess/pgn_lines.py) ----------------------------- */
static int is_space(unsigned char c) { return c == 32 || (c >= 9 && c <= 13) || (c >= 28 && c <= 31); }

static int is_breaker(unsigned char c)
{
    return c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$' || c == '!' ||
           c == '?' || c == '%';
}

static int is_result(const char *t, Py_ssize_t n)
{
    return (n == 3 && (!memcmp(t, "1-0", 3) || !memcmp(t, "0-1", 3))) ||
           (n == 7 && !memcmp(t, "1/2-1/2", 7)) || (n == 1 && t[0] == '*');
}

typedef struct {
    int32_t *items;
    Py_ssize_t size, room;
} Ints;

static int ints_add(Ints *a, int32_t value)
{
    if (a->size == a->room) {
        Py_ssize_t room = a->room ? 2 * a->room : 1024;
        int32_t *grown = PyMem_Realloc(a->items, room * sizeof(int32_t));
        if (!grown)
            return -1;
        a->items = grown;
        a->room = room;
    }
    a->items[a->size++] = value;
    return 0;
}

/* One game's movetext: its tokens but the move numbers, joined by single spaces (a str), their
 * lines (first_line: the file's line of the text's first, 0-based) and columns added to
 * rows and columns; Py_None when the line tokenizers must read it (a number run into a move,
 * a result before the last token, a token starting with a digit or "*" that is neither); NULL
 * with an exception set. */
static PyObject *plain_game(const char *text, Py_ssize_t n, long first_line, Ints *rows,
                            Ints *columns, char **buffer, Py_ssize_t *room)
{
    Py_ssize_t line = 0, line_start = 0, out = 0, kept_from = rows->size, pos = 0;
    int result_seen = 0;
    if (*room < n + 1) {
        char *grown = PyMem_Realloc(*buffer, n + 1);
        if (!grown) {
            PyErr_NoMemory();
            return NULL;
        }
        *buffer = grown;
        *room = n + 1;
    }
    while (pos < n) {
        unsigned char c = (unsigned char)text[pos];
        if (is_space(c)) {
            if (c == '\n' || (c == '\r' && (pos + 1 >= n || text[pos + 1] != '\n'))) {
                line++;
                line_start = pos + 1;
            }
            pos++;
            continue;
        }
        Py_ssize_t start = pos;
        while (pos < n && !is_space((unsigned char)text[pos]))
            pos++;
        const char *token = text + start;
        Py_ssize_t size = pos - start;
        int digit = token[0] >= '0' && token[0] <= '9';
        if (result_seen)
            goto left;   /* a result before the game's last token */
        if (digit && token[size - 1] == '.')
            continue;    /* a move number */
        if (digit || token[0] == '*') {
            if (is_result(token, size))
                result_seen = 1;
            else if (!(size >= 3 && !memcmp(token, "0-0", 3)))
                goto left;
        }
        if (ints_add(rows, (int32_t)(first_line + line + 1)) < 0 ||
            ints_add(columns, (int32_t)(start - line_start + 1)) < 0) {
            PyErr_NoMemory();
            return NULL;
        }
        memcpy(*buffer + out, token, size);
        out += size;
        (*buffer)[out++] = ' ';
    }
    return PyUnicode_FromStringAndSize(*buffer, out ? out - 1 : 0);
left:
    rows->size = columns->size = kept_from;
    Py_RETURN_NONE;
}

/* plain_lines(texts, firsts) -> (per game its joined tokens or None, rows, columns (bytes of
 * 32-bit ints), where each game's rows begin (one more than there are games)); None for a
 * batch with any text not ASCII or holding a comment, NAG, variation or escape (numpy and the
 * line tokenizers read those). */
static PyObject *plain_lines(PyObject *self, PyObject *args)
{
    (void)self;
    PyObject *texts, *firsts, *joined = NULL, *offsets = NULL, *out = NULL;
    Ints rows = {NULL, 0, 0}, columns = {NULL, 0, 0};
    char *buffer = NULL;
    Py_ssize_t room = 0;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &texts, &PyList_Type, &firsts))
        return NULL;
    Py_ssize_t games = PyList_GET_SIZE(texts);
    if (PyList_GET_SIZE(firsts) != games) {
        PyErr_SetString(PyExc_ValueError, "one first line a text");
        return NULL;
    }
    for (Py_ssize_t g = 0; g < games; g++) {
        PyObject *text = PyList_GET_ITEM(texts, g);
        if (!PyUnicode_Check(text) || !PyUnicode_IS_ASCII(text))
            Py_RETURN_NONE;
        const char *data = (const char *)PyUnicode_1BYTE_DATA(text);
        Py_ssize_t n = PyUnicode_GET_LENGTH(text);
        for (Py_ssize_t i = 0; i < n; i++)
            if (is_breaker((unsigned char)data[i]))
                Py_RETURN_NONE;
    }
    joined = PyList_New(games);
    offsets = PyList_New(games + 1);
    if (!joined || !offsets)
        goto done;
    for (Py_ssize_t g = 0; g < games; g++) {
        PyObject *text = PyList_GET_ITEM(texts, g);
        long first = PyLong_AsLong(PyList_GET_ITEM(firsts, g));
        if (first == -1 && PyErr_Occurred())
            goto done;
        PyObject *at = PyLong_FromSsize_t(rows.size);
        if (!at)
            goto done;
        PyList_SET_ITEM(offsets, g, at);
        PyObject *game = plain_game((const char *)PyUnicode_1BYTE_DATA(text),
                                    PyUnicode_GET_LENGTH(text), first, &rows, &columns,
                                    &buffer, &room);
        if (!game)
            goto done;
        PyList_SET_ITEM(joined, g, game);
    }
    PyObject *end = PyLong_FromSsize_t(rows.size);
    if (!end)
        goto done;
    PyList_SET_ITEM(offsets, games, end);
    PyObject *row_bytes = PyBytes_FromStringAndSize((const char *)rows.items,
                                                    rows.size * (Py_ssize_t)sizeof(int32_t));
    PyObject *column_bytes = PyBytes_FromStringAndSize((const char *)columns.items,
                                                       columns.size * (Py_ssize_t)sizeof(int32_t));
    if (row_bytes && column_bytes)
        out = PyTuple_Pack(4, joined, row_bytes, column_bytes, offsets);
    Py_XDECREF(row_bytes);
    Py_XDECREF(column_bytes);
done:
    PyMem_Free(rows.items);
    PyMem_Free(columns.items);
    PyMem_Free(buffer);
    Py_XDECREF(joined);
    Py_XDECREF(offsets);
    return out;
}

static PyMethodDef METHODS[] = {
    {"plain_lines", plain_lines, METH_VARARGS,
     "The main lines of a batch of plain movetexts (see plain_lines above)."},
    {"sans", sans, METH_VARARGS, "SANs, position hashes and start keys of a chunk (see top)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_chunk", NULL, -1, METHODS, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__chunk(void)
{
    init_tables();
    return PyModule_Create(&MODULE);
}
