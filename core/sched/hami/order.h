/*
 * sched/hami/order.h: HAMi's kept node order (policy.c) as a list of
 * blocks: moving a node costs a block's length and a binary search, not
 * a shift of every node after it, and the order is walked block by block.
 */
#ifndef GS_HAMI_ORDER_H
#define GS_HAMI_ORDER_H

#include <stddef.h>

#define HAMI_ORDER_END		((size_t)-1)	/* after the last node */
#define HAMI_ORDER_BLOCK	128		/* nodes per block at most */

/* Does node a go before node b (a strict total order)? */
typedef int	(*hami_before_fn)(const void *ctx, size_t a, size_t b);

struct hami_oblock;

struct hami_order {
	size_t			  cap;		/* nodes per block at most */
	size_t			  nb, bcap;	/* blocks, in order */
	struct hami_oblock	**b;
	struct hami_oblock	**of;		/* node -> its block or NULL */
};

/* A place in the order: block b, its k-th node. */
struct hami_oiter {
	size_t	b, k;
};

/* An empty order of nodes 0..nnodes) with blocks of cap nodes (at least
 * 4; HAMI_ORDER_BLOCK but in tests). */
void	hami_order_init(struct hami_order *, size_t nnodes, size_t cap);
void	hami_order_free(struct hami_order *);
/* Node at the end (building an order already sorted). */
void	hami_order_push(struct hami_order *, size_t node);
/* Take node out (it must be in). */
void	hami_order_remove(struct hami_order *, size_t node);
/* Put node (not in) at its place: after every node before() puts
 * before it, before the others. */
void	hami_order_insert(struct hami_order *, size_t node,
	    hami_before_fn before, const void *ctx);
/* The node after node (in the order), or HAMI_ORDER_END. */
size_t	hami_order_next(const struct hami_order *, size_t node);
/* The place of the first node, and of node (in the order). */
struct hami_oiter hami_order_first(const struct hami_order *);
struct hami_oiter hami_order_seek(const struct hami_order *, size_t node);
/* The node at a place (HAMI_ORDER_END past the last), and the next
 * place. */
size_t	hami_order_at(const struct hami_order *, struct hami_oiter);
void	hami_order_step(const struct hami_order *, struct hami_oiter *);

/*
 * A heap of nodes by the score each had when it went in, the most
 * preferred of one direction on top (hami_node_prefer): the memo's holes
 * (policy.c), whose entries stay when the node moves and are told apart
 * by their score when they come out.
 */
struct hami_hole {
	size_t	node;
	float	score;
};

struct hami_holes {
	struct hami_hole	*h;
	size_t			 n, cap;
	size_t			 nlive;		/* the caller's count */
};

void	hami_holes_push(struct hami_holes *, int spread, size_t node,
	    float score);
/* The top entry, taken out (n > 0). */
struct hami_hole hami_holes_pop(struct hami_holes *, int spread);
/* Keep the entries keep() says yes to, as a heap again. */
void	hami_holes_filter(struct hami_holes *, int spread,
	    int (*keep)(const void *ctx, struct hami_hole), const void *ctx);
void	hami_holes_free(struct hami_holes *);

#endif
