"""The checkout tests: python3 test_checkout.py"""

from datetime import date

import checkout

result = checkout.place_order({"total": 24.5}, date(2026, 11, 16))
assert result["paid"], result
assert result["delivery"] == "Arrives Tue 17 Nov", result["delivery"]
print("checkout tests passed")
