"""Christmas ordering deadlines for the banner on the home page."""

from datetime import date, datetime, timedelta

from delivery import estimate_arrival


def last_order_day(year: int, live_plant: bool) -> date:
    """The last day an order (paid by 16:00) still arrives by 24 December of `year`."""
    raise NotImplementedError
