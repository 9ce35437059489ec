/*
 * load/quantity.h: Kubernetes resource quantities ("7500", "16Gi", "1.5k",
 * "2e3", "500m") parsed exactly, the way resource.Quantity reads them.
 */
#ifndef GS_QUANTITY_H
#define GS_QUANTITY_H

#include <stddef.h>
#include <stdint.h>

struct gs_quantity {
	int		negative;	/* value < 0 */
	int		integral;	/* the value is a whole number */
	int		fits;		/* integral and within int64 */
	int64_t		value;		/* exact value when fits */
	int64_t		ceil;		/* rounded up, saturated to int64 */
	int64_t		milli;		/* value x 1000 rounded up (cpu) */
	/* |value| in units of 10^-9 rounded away from zero and, with a
	 * binary suffix (Ki ... Ei), capped at 2^63-1 units, as
	 * resource.ParseQuantity keeps it (for exact comparison; the 128
	 * bits as two halves; nano_sat when beyond 128 bits). */
	uint64_t	nano_hi, nano_lo;
	int		nano_sat;
	int		binary;		/* a binary suffix (Ki ... Ei) */
};

/*
 * Parse s. Returns 0, or -1 with a short reason in why (for "must be a
 * quantity, got '...'" messages).
 */
int	gs_quantity_parse(const char *s, struct gs_quantity *q,
	    char *why, size_t whylen);

/*
 * Does Quantity.String() of q, a whole number within int64, carry a unit
 * suffix?  The canonical form (resource.Quantity CanonicalizeBytes): 0
 * is "0"; a binary suffix of at least 1024 in magnitude is a multiple
 * of 1024 ("2Ki", else plain digits); anything else a multiple of 1000
 * ("1k", "4e3"), else plain digits.
 */
int	gs_quantity_unit(const struct gs_quantity *q);

#endif
