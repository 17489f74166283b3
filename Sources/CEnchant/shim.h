#ifndef CENCHANT_SHIM_H
#define CENCHANT_SHIM_H

// enchant-2: one broker over the spelling providers (hunspell), dictionaries by language tag.
#include <enchant.h>

#endif
