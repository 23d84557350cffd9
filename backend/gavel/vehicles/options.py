"""The option lists of a vehicle (SPEC.md section 9; the gaps decided in docs/decisions.md)."""

from enum import StrEnum


class VehicleStatus(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    SOLD = "sold"
    CANCELLED = "cancelled"


class Inspection(StrEnum):
    PENDING = "pending"
    IN_INSPECTION = "inInspection"
    COMPLETED = "completed"


class GatePass(StrEnum):
    PENDING = "Pending"
    GENERATED = "Generated"
    SCANNED = "Scanned"
    PICKED_UP = "Picked Up"
    CANCELED = "Canceled"


class Transmission(StrEnum):
    AUTOMATIC = "Automatic"
    MANUAL = "Manual"
    CVT = "CVT"
    DUAL_CLUTCH = "Dual-Clutch"
    SEMI_AUTOMATIC = "Semi-Automatic"


class DriveType(StrEnum):
    FWD = "FWD"
    RWD = "RWD"
    AWD = "AWD"
    FOUR_WD = "4WD"


class FuelType(StrEnum):
    PETROL = "Petrol"
    DIESEL = "Diesel"
    ELECTRIC = "Electric"
    HYBRID = "Hybrid"
    CNG = "CNG"
    LPG = "LPG"
    HYDROGEN = "Hydrogen"


class BodyStyle(StrEnum):
    SEDAN = "Sedan"
    SUV = "SUV"
    HATCHBACK = "Hatchback"
    COUPE = "Coupe"
    CONVERTIBLE = "Convertible"
    PICKUP = "Pickup"
    VAN = "Van"
    WAGON = "Wagon"
    MINIVAN = "Minivan"
    CROSSOVER = "Crossover"
    TRUCK = "Truck"


class Damage(StrEnum):
    NONE = "None"
    FRONT_END = "Front End"
    REAR_END = "Rear End"
    SIDE = "Side"
    ROOF = "Roof"
    UNDERCARRIAGE = "Undercarriage"
    MECHANICAL = "Mechanical"
    ELECTRICAL = "Electrical"
    HAIL = "Hail"
    FLOOD = "Flood"
    FIRE = "Fire"
    VANDALISM = "Vandalism"
    MINOR_DENTS_SCRATCHES = "Minor Dents/Scratches"
    ALL_OVER = "All Over"


CYLINDERS = (1, 2, 3, 4, 5, 6, 8, 10, 12)
