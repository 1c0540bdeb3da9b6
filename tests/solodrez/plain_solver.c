/* A plain Solodrez solver in C, written from the rulings (seeds/solodrez.md and the
 * pure-Python reference tests/solodrez/reference.py), sharing no code with drez: the
 * yardstick for issue 13's "search time per position against a C solver" and, with -o,
 * the independent A* of issue 41 (proven-shortest lengths).
 *
 *     cc -O2 -o plain_solver tests/solodrez/plain_solver.c
 *     ./plain_solver FIRST LAST [MAX_NODES]      # one line a deal: deal verdict nodes seconds
 *     ./plain_solver -o SECONDS FIRST LAST [MAX_NODES]
 *                                    # one line a deal: deal verdict nodes seconds length
 *
 * Search: depth-first from the settled deal, every child stored in an exact hash set of
 * canonical keys (columns as rank strings, sorted, 4 bits a symbol: never a fingerprint),
 * children pushed in reverse generation order so that the first move is tried first; no
 * move ordering, no pruning but transpositions.  WON when a won child is made; LOST when
 * the stack runs dry; UNKNOWN at MAX_NODES stored positions (default 100,000).
 *
 * With -o: textbook A* on the same keys, f = g + h with h below, open positions in one
 * LIFO bucket per f; WON with the length of a shortest win when a won position is taken
 * from the open list, LOST when the open list runs dry, UNKNOWN at MAX_NODES stored
 * positions or after SECONDS of search (length "-" unless WON).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCOLS 9
#define MAXC 24                     /* a column holds at most 22 cards (rulings) */
#define KEYW 5                      /* 5 x 64 bits: up to 80 symbols of 4 bits */

typedef struct {
    uint8_t real;                   /* real cards left */
    uint8_t n[NCOLS];
    uint8_t c[NCOLS][MAXC];         /* bottom first; 1 Pawn .. 6 Joker, 0 neutral */
} Pos;

static uint64_t *table;             /* KEYW words a slot, all zero = empty */
static uint64_t *used;              /* the slots filled, to clear only those */
static uint64_t nslots, stored;

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void deal(uint64_t n, Pos *p) {
    int deck[56];
    for (int i = 0; i < 56; i++)    /* J1..J9 Q.. R.. B.. N.. P1..P9 X1 X2 */
        deck[i] = i < 54 ? 6 - i / 9 : 0;
    uint64_t s = n;
    for (int i = 55; i > 0; i--) {
        int j = (int)(splitmix(&s) % (uint64_t)(i + 1));
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    memset(p, 0, sizeof *p);
    for (int k = 0; k < 56; k++) {
        int col = k % NCOLS;
        p->c[col][p->n[col]++] = (uint8_t)deck[k];
    }
    p->real = 54;
}

/* remove complete series (J Q R B N P bottom to top, nothing else) */
static void settle(Pos *p, int col) {
    if (p->n[col] != 6) return;
    for (int j = 0; j < 6; j++)
        if (p->c[col][j] != 6 - j) return;
    p->n[col] = 0;
    p->real -= 6;
}

static int col_cmp(const Pos *p, int a, int b) {
    int na = p->n[a], nb = p->n[b];
    int m = na < nb ? na : nb;
    for (int i = 0; i < m; i++)
        if (p->c[a][i] != p->c[b][i]) return p->c[a][i] < p->c[b][i] ? -1 : 1;
    return na < nb ? -1 : na > nb;
}

static void make_key(const Pos *p, uint64_t *key) {
    int ord[NCOLS];
    for (int i = 0; i < NCOLS; i++) ord[i] = i;
    for (int i = 1; i < NCOLS; i++) {           /* insertion sort of the columns */
        int x = ord[i], j = i - 1;
        while (j >= 0 && col_cmp(p, ord[j], x) > 0) { ord[j + 1] = ord[j]; j--; }
        ord[j + 1] = x;
    }
    memset(key, 0, KEYW * sizeof *key);
    int s = 0;                                  /* symbols: card + 1 (1..7), 0 ends a column */
    for (int i = 0; i < NCOLS; i++) {
        int c = ord[i];
        for (int j = 0; j < p->n[c]; j++, s++)
            key[s >> 4] |= (uint64_t)(p->c[c][j] + 1) << (4 * (s & 15));
        s++;
    }
    key[KEYW - 1] |= 1ULL << 63;                /* never all zero (the empty mark) */
}

/* 1 when inserted, 0 when already there, -1 when the table is full; *at is its slot */
static int insert_at(const uint64_t *key, uint64_t *at) {
    if (4 * (stored + 1) > 3 * nslots) return -1;
    uint64_t h = 0;
    for (int i = 0; i < KEYW; i++) { h ^= key[i]; h *= 0x9E3779B97F4A7C15ULL; h ^= h >> 32; }
    uint64_t slot = h % nslots;
    for (;;) {
        uint64_t *e = table + slot * KEYW;
        if (e[KEYW - 1] == 0) {
            memcpy(e, key, KEYW * sizeof *key);
            used[stored++] = slot;
            *at = slot;
            return 1;
        }
        if (memcmp(e, key, KEYW * sizeof *key) == 0) { *at = slot; return 0; }
        if (++slot == nslots) slot = 0;
    }
}

static int insert(const uint64_t *key) {
    uint64_t at;
    return insert_at(key, &at);
}

/* possible roles of the run's first card, as a bit mask (bit r for role r), for each run
 * length k = 1..n: out[k]; returns the longest k with a non-empty mask */
static int run_roles(const Pos *p, int col, unsigned *out) {
    unsigned prev = 0x7E;                       /* roles 1..6 */
    int n = p->n[col], k;
    for (k = 1; k <= n; k++) {
        int card = p->c[col][n - k];            /* the run's new first (lowest) card */
        unsigned mask = card ? (1u << card) : 0x7E;
        if (k > 1) mask &= (prev << 1) & 0x7E;  /* one above the card it carries */
        if (!mask) break;
        out[k] = prev = mask;
    }
    return k - 1;
}

static int accepts(const Pos *p, int dst, unsigned roles) {
    if (p->n[dst] == 0) return (roles >> 6) & 1;
    int top = p->c[dst][p->n[dst] - 1];
    if (top == 0) return (roles & 0x3E) != 0;   /* a neutral: roles up to Queen */
    return top >= 2 && ((roles >> (top - 1)) & 1);
}

#define MAXKIDS (NCOLS * NCOLS * 8)

/* every position one move from cur, in generation order (sources, then destinations,
 * then run lengths), series removed; returns how many */
static int children(const Pos *cur, Pos *kids) {
    int nk = 0;
    for (int s = 0; s < NCOLS; s++) {
        unsigned roles[MAXC + 1];
        int kmax = run_roles(cur, s, roles);
        for (int d = 0; d < NCOLS; d++) {
            if (d == s) continue;
            for (int k = 1; k <= kmax; k++) {
                if (!accepts(cur, d, roles[k])) continue;
                Pos *ch = &kids[nk++];
                *ch = *cur;
                memcpy(&ch->c[d][ch->n[d]], &cur->c[s][cur->n[s] - k], (size_t)k);
                ch->n[d] += k;
                ch->n[s] -= k;
                settle(ch, s);
                settle(ch, d);
            }
        }
    }
    return nk;
}

static void clear_table(void) {
    for (uint64_t i = 0; i < stored; i++)
        memset(table + used[i] * KEYW, 0, KEYW * sizeof *table);
    stored = 0;
}

static Pos *stack;
static size_t stack_cap;

/* 1 WON, 0 LOST, 2 UNKNOWN */
static int solve(const Pos *root, uint64_t max_nodes) {
    uint64_t key[KEYW];
    size_t sp = 0;
    clear_table();
    if (root->real == 0) return 1;
    make_key(root, key);
    insert(key);
    stack[sp++] = *root;
    Pos all[MAXKIDS], kids[MAXKIDS];
    while (sp > 0) {
        Pos cur = stack[--sp];
        int n = children(&cur, all), nk = 0;
        for (int i = 0; i < n; i++) {
            if (all[i].real == 0) return 1;
            make_key(&all[i], key);
            int r = insert(key);
            if (r < 0 || stored >= max_nodes) return 2;
            if (r == 1) kids[nk++] = all[i];
        }
        while (nk > 0) {                        /* the first move's child on top */
            if (sp == stack_cap) {
                stack_cap *= 2;
                stack = realloc(stack, stack_cap * sizeof *stack);
            }
            stack[sp++] = kids[--nk];
        }
    }
    return 0;
}

/* ---- A* (-o) ---------------------------------------------------------------------- */

/* A lower bound on the moves left: the real cards not lying on the real card one rank
 * higher (a Joker: not on the table), plus the neutrals lying directly on a real card.
 * A move changes what lies directly beneath its run's first card and beneath no other
 * card.  A counted real card must come to lie on the rank above it (or a Joker on the
 * table) before it leaves in a series, and a counted neutral must leave the real card
 * under it (a series holds no neutral), so each counted card heads a later move, and a
 * move has one first card: h never exceeds the moves left.  A move changes one card's
 * neighbour below, so h changes by at most one a move (consistent): the first won
 * position A* takes from its open list is a shortest win. */
static int bound(const Pos *p) {
    int h = 0;
    for (int c = 0; c < NCOLS; c++)
        for (int j = 0; j < p->n[c]; j++) {
            int card = p->c[c][j], below = j ? p->c[c][j - 1] : -1;
            if (card == 0) h += below > 0;
            else h += below < 0 ? card != 6 : below != card + 1;
        }
    return h;
}

static void from_key(const uint64_t *key, Pos *p) {
    memset(p, 0, sizeof *p);
    int s = 0;
    for (int c = 0; c < NCOLS; c++, s++)
        for (;; s++) {
            int sym = (int)((key[s >> 4] >> (4 * (s & 15))) & 15);
            if (sym == 0) break;
            p->c[c][p->n[c]++] = (uint8_t)(sym - 1);
            p->real += sym > 1;
        }
}

#define MAXF 256
static uint8_t *gval;                   /* per slot: the least g found */
static uint8_t *closed;                 /* per slot: expanded at that g */
static uint64_t *bucket[MAXF];
static size_t bucket_n[MAXF], bucket_cap[MAXF];

static void push(int f, uint64_t slot) {
    if (bucket_n[f] == bucket_cap[f]) {
        bucket_cap[f] = bucket_cap[f] ? 2 * bucket_cap[f] : 1024;
        bucket[f] = realloc(bucket[f], bucket_cap[f] * sizeof **bucket);
        if (!bucket[f]) { fprintf(stderr, "out of memory\n"); exit(1); }
    }
    bucket[f][bucket_n[f]++] = slot;
}

static double since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* 1 WON (*length set), 0 LOST, 2 UNKNOWN */
static int astar(const Pos *root, uint64_t max_nodes, double max_seconds, int *length) {
    uint64_t key[KEYW], slot;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (uint64_t i = 0; i < stored; i++) closed[used[i]] = 0;
    clear_table();
    for (int f = 0; f < MAXF; f++) bucket_n[f] = 0;
    make_key(root, key);
    insert_at(key, &slot);
    gval[slot] = 0;
    int f = bound(root);
    push(f, slot);
    Pos cur, kids[MAXKIDS];
    for (uint64_t expanded = 0;; expanded++) {
        while (f < MAXF && bucket_n[f] == 0) f++;
        if (f == MAXF) return 0;
        slot = bucket[f][--bucket_n[f]];
        if (closed[slot]) continue;
        int g = gval[slot];
        from_key(table + slot * KEYW, &cur);
        if (g + bound(&cur) != f) continue;      /* pushed again at a smaller f */
        if (cur.real == 0) { *length = g; return 1; }
        closed[slot] = 1;
        if ((expanded & 4095) == 0 && since(&t0) > max_seconds) return 2;
        int n = children(&cur, kids);
        for (int i = 0; i < n; i++) {
            make_key(&kids[i], key);
            uint64_t at;
            int r = insert_at(key, &at);
            if (r < 0 || stored >= max_nodes) return 2;
            if (r == 1 || g + 1 < gval[at]) {
                gval[at] = (uint8_t)(g + 1);
                closed[at] = 0;
                int f2 = g + 1 + bound(&kids[i]);
                if (f2 >= MAXF) continue;
                push(f2, at);
                if (f2 < f) f = f2;
            }
        }
    }
}

/* 1 when text is a whole decimal number that fits 64 bits */
static int number(const char *text, uint64_t *out) {
    char *end;
    if (*text < '0' || *text > '9') return 0;
    errno = 0;
    *out = strtoull(text, &end, 10);
    return *end == 0 && errno == 0;
}

int main(int argc, char **argv) {
    double max_seconds = -1;
    char *end;
    if (argc > 2 && strcmp(argv[1], "-o") == 0) {
        max_seconds = strtod(argv[2], &end);
        if (*argv[2] == 0 || *end != 0 || !(max_seconds > 0)) {
            fprintf(stderr, "%s: -o wants a number of seconds above 0\n", argv[0]);
            return 2;
        }
        argc -= 2;
        argv += 2;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: %s [-o SECONDS] FIRST LAST [MAX_NODES]\n", argv[0]);
        return 2;
    }
    uint64_t first, last, max_nodes = 100000;
    if (!number(argv[1], &first) || !number(argv[2], &last) || first > last ||
            (argc > 3 && (!number(argv[3], &max_nodes) || max_nodes == 0))) {
        fprintf(stderr, "%s: want FIRST <= LAST and MAX_NODES > 0 as decimal numbers\n",
                argv[0]);
        return 2;
    }
    nslots = max_nodes * 4 / 3 + 1024;
    table = calloc(nslots * KEYW, sizeof *table);
    used = malloc(nslots * sizeof *used);
    gval = malloc(nslots);
    closed = calloc(nslots, 1);
    stack_cap = 1 << 16;
    stack = malloc(stack_cap * sizeof *stack);
    if (!table || !used || !gval || !closed || !stack) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    static const char *names[] = {"LOST", "WON", "UNKNOWN"};
    for (uint64_t n = first;; n++) {                 /* to last, which may be 2**64 - 1 */
        Pos p;
        deal(n, &p);
        for (int c = 0; c < NCOLS; c++) settle(&p, c);
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int length = -1;
        int v = max_seconds > 0 ? astar(&p, max_nodes, max_seconds, &length)
                                : solve(&p, max_nodes);
        printf("%llu %s %llu %.6f", (unsigned long long)n, names[v],
               (unsigned long long)stored, since(&t0));
        if (max_seconds > 0) {
            if (length >= 0) printf(" %d\n", length);
            else printf(" -\n");
        } else {
            printf("\n");
        }
        fflush(stdout);
        if (n == last) break;
    }
    return 0;
}
