"""The texts of the EXAMPLE components (data/components.json), marked for translation.

Component texts are shown as the players entered them (:func:`terms.text`,
``verbatim``), in the language they entered them in. The EXAMPLE set is
ours and written in English, so its texts are catalogue entries too: a
verbatim text that is a msgid renders translated, and the example events,
rewards and card names read in German and Portuguese like everything else
(issue 23). tests/ui/test_robinson_example_texts.py keeps this list and the
JSON file in step.
"""

from __future__ import annotations

from rules.text import N_

EXAMPLE_TEXTS = (
    N_("Knife"),
    N_("Rope"),
    N_("Pot"),
    N_("Fire"),
    N_("Shovel"),
    N_("Map"),
    N_("Bow"),
    N_("Spikes"),
    N_("Basket"),
    N_("Drums"),
    N_("Axe"),
    N_("Biscuits"),
    N_("Blanket"),
    N_("Compass"),
    N_("Rum"),
    N_("Hammock"),
    N_("Pistol"),
    N_("Tobacco"),
    N_("Example duel"),
    N_("Every player loses 1 food or takes 1 wound."),
    N_("loses 1 food"),
    N_("takes 1 wound"),
    N_("The player finds a hidden cache: take 1 wood, or fight a beast of strength 2."),
    N_("Steal an invention card from the loser."),
    N_("Take 2 resources of your choice from the loser."),
    N_("Take 2 determination tokens from the loser."),
)
