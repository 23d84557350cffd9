/* Test data for the vehicle screens: the answers of the vehicles API. */
import type { Vehicle } from '@/features/vehicles/api/get-vehicles';

export const seller = { _id: 'm1', firstName: 'Majid', lastName: 'Seller', companyName: null, email: 'majid@example.com', phone: '+971502223301', memberEntity: 'individual', status: 'approved' };

/** A vehicle as GET /api/vehicles/{id} answers it, pending unless `fields` say otherwise. */
export function vehicle(id: string, lot: number, fields: Partial<Vehicle> = {}): Vehicle {
  return {
    _id: id,
    vehicleLotNumber: lot,
    vinNumber: `1HGCM8269KA00${lot}`,
    title: `Toyota Land Cruiser ${lot}`,
    make: 'Toyota',
    model: 'Land Cruiser',
    year: 2019,
    transmission: 'Automatic',
    engineDetails: null,
    driveType: null,
    fuelType: 'Petrol',
    mileage: 86500,
    keysAvailable: true,
    runAndDrive: true,
    startStatus: true,
    unknownStatus: false,
    color: null,
    bodyStyle: 'SUV',
    primaryDamage: null,
    secondaryDamage: null,
    cylinders: 6,
    openingPrice: 85000,
    reservePrice: null,
    soldFor: null,
    status: 'pending',
    statusReason: null,
    statusChangedAt: null,
    requestType: 'New',
    isVehicleDeliveredBySeller: false,
    isReceived: false,
    isInspection: 'pending',
    isReturned: false,
    isPaid: false,
    gatePassStatus: 'Pending',
    isReleased: false,
    releaseDate: null,
    auctionId: null,
    auctionDate: null,
    eventId: null,
    eventDate: null,
    memberProfile: seller,
    buyerInfo: null,
    description: null,
    images: [],
    thumbnailImages: [],
    createdAt: '2026-01-05T10:00:00Z',
    updatedAt: '2026-01-05T10:00:00Z',
    ...fields,
  };
}

