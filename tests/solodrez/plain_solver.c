/* A plain Solodrez solver in C, written from the rulings (seeds/solodrez.md and the
 * pure-Python reference tests/solodrez/reference.py), sharing no code with drez: the
 * yardstick for issue 13's "search time per position against a C solver".
 *
 *     cc -O2 -o plain_solver tests/solodrez/plain_solver.c
 *     ./plain_solver FIRST LAST [MAX_NODES]      # one line a deal: deal verdict nodes seconds
 *
 * Search: depth-first from the settled deal, every child stored in an exact hash set of
 * canonical keys (columns as rank strings, sorted, 4 bits a symbol: never a fingerprint),
 * children pushed in reverse generation order so that the first move is tried first; no
 * move ordering, no pruning but transpositions.  WON when a won child is made; LOST when
 * the stack runs dry; UNKNOWN at MAX_NODES stored positions (default 100,000).
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

/* 1 when inserted, 0 when already there, -1 when the table is full */
static int insert(const uint64_t *key) {
    if (4 * (stored + 1) > 3 * nslots) return -1;
    uint64_t h = 0;
    for (int i = 0; i < KEYW; i++) { h ^= key[i]; h *= 0x9E3779B97F4A7C15ULL; h ^= h >> 32; }
    uint64_t slot = h % nslots;
    for (;;) {
        uint64_t *e = table + slot * KEYW;
        if (e[KEYW - 1] == 0) {
            memcpy(e, key, KEYW * sizeof *key);
            used[stored++] = slot;
            return 1;
        }
        if (memcmp(e, key, KEYW * sizeof *key) == 0) return 0;
        if (++slot == nslots) slot = 0;
    }
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

static Pos *stack;
static size_t stack_cap;

/* 1 WON, 0 LOST, 2 UNKNOWN */
static int solve(const Pos *root, uint64_t max_nodes) {
    uint64_t key[KEYW];
    size_t sp = 0;
    for (uint64_t i = 0; i < stored; i++)
        memset(table + used[i] * KEYW, 0, KEYW * sizeof *table);
    stored = 0;
    if (root->real == 0) return 1;
    make_key(root, key);
    insert(key);
    stack[sp++] = *root;
    Pos kids[NCOLS * NCOLS * 8];
    while (sp > 0) {
        Pos cur = stack[--sp];
        int nk = 0;
        for (int s = 0; s < NCOLS; s++) {
            unsigned roles[MAXC + 1];
            int kmax = run_roles(&cur, s, roles);
            for (int d = 0; d < NCOLS; d++) {
                if (d == s) continue;
                for (int k = 1; k <= kmax; k++) {
                    if (!accepts(&cur, d, roles[k])) continue;
                    Pos ch = cur;
                    memcpy(&ch.c[d][ch.n[d]], &cur.c[s][cur.n[s] - k], (size_t)k);
                    ch.n[d] += k;
                    ch.n[s] -= k;
                    settle(&ch, s);
                    settle(&ch, d);
                    if (ch.real == 0) return 1;
                    make_key(&ch, key);
                    int r = insert(key);
                    if (r < 0 || stored >= max_nodes) return 2;
                    if (r == 1) kids[nk++] = ch;
                }
            }
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

/* 1 when text is a whole decimal number that fits 64 bits */
static int number(const char *text, uint64_t *out) {
    char *end;
    if (*text < '0' || *text > '9') return 0;
    errno = 0;
    *out = strtoull(text, &end, 10);
    return *end == 0 && errno == 0;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s FIRST LAST [MAX_NODES]\n", argv[0]);
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
    stack_cap = 1 << 16;
    stack = malloc(stack_cap * sizeof *stack);
    if (!table || !used || !stack) { fprintf(stderr, "out of memory\n"); return 1; }
    static const char *names[] = {"LOST", "WON", "UNKNOWN"};
    for (uint64_t n = first;; n++) {                 /* to last, which may be 2**64 - 1 */
        Pos p;
        deal(n, &p);
        for (int c = 0; c < NCOLS; c++) settle(&p, c);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int v = solve(&p, max_nodes);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        printf("%llu %s %llu %.6f\n", (unsigned long long)n, names[v],
               (unsigned long long)stored,
               (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
        if (n == last) break;
    }
    return 0;
}
