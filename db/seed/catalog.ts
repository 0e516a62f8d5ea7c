/**
 * Demo catalogue of the UniDrone Robotics shop: 21 products in five categories, all under the
 * company's own "Uni…" brand family. Prices are integer cents, AUD, GST included.
 *
 * Images (public/images/products/<id>/<n>.svg) and manuals (public/manuals/<id>.pdf) are drawn by
 * scripts/draw-catalog-art.ts from this list; re-run it after adding or renaming a product.
 *
 * Descriptions follow a fixed order that the product pages rely on:
 *   1. main text on the product page   2. "Read More" text   3–5. further sections
 *   6. the short text shown on category cards (one sentence, at most ~120 characters)
 */
import type { Category, ProductFields, ProductItem } from '../../app/lib/catalog.ts'
import { slugify } from '../../app/lib/slug.ts'

type Pair = readonly [label: string, description: string]

interface ProductInput {
  name: string
  stripeProductId: string
  category: Category
  priceCents: number
  /** Alt text of each picture, in carousel order. */
  imageAlts: readonly string[]
  /** [heading, text]; see the order described at the top of this file. */
  descriptions: readonly Pair[]
  features: readonly Pair[]
  specifications: readonly Pair[]
  dimensions: readonly Pair[]
  shipping?: readonly Pair[]
}

// How long delivery takes is each shipping method's own text (db/seed/delivery.ts, /settings/shipping),
// shown above these notes on the product page: the notes make no promise of time.
const DELIVERY: Pair = ['Delivery within Australia', 'Tracked delivery to any Australian address; we e-mail you the tracking link when your order leaves.']
const RETURNS: Pair = [
  'Returns',
  '14-day change-of-mind returns on unused items in their original packaging. Your rights under the Australian Consumer Law are not affected.',
]
const STANDARD_SHIPPING: readonly Pair[] = [DELIVERY, RETURNS]

function items(pairs: readonly Pair[]): ProductItem[] {
  return pairs.map(([label, description]) => ({ value: '', label, description }))
}

function product(input: ProductInput): ProductFields {
  const id = slugify(input.name)
  return {
    productName: input.name,
    STUPID: input.stripeProductId,
    productCategory: input.category,
    productImages: input.imageAlts.map((label, index) => ({
      value: `/images/products/${id}/${index + 1}.svg`,
      label,
      description: '',
    })),
    productDescriptions: items(input.descriptions),
    productFeatures: items(input.features),
    productSpecifications: items(input.specifications),
    productDimensions: items(input.dimensions),
    productShipping: items(input.shipping ?? STANDARD_SHIPPING),
    productDownloads: [{ value: `/manuals/${id}.pdf`, label: `${input.name} user manual (PDF)`, description: '' }],
    productPrices: [{ value: input.priceCents, label: 'Price (inc. GST)', description: '' }],
  }
}

export const demoProducts: ProductFields[] = [
  // ───────────────────────────── Autopilots ─────────────────────────────
  product({
    name: 'UniDrone E900',
    stripeProductId: 'prod_7NoxWgQfSpUvdk',
    category: 'autopilots',
    priceCents: 1299900,
    imageAlts: [
      'UniDrone E900 hexacopter seen from the front, with the optional UniCam Z10 gimbal camera under the body and the landing gear down',
      'UniDrone E900 seen from directly above, showing the six arms, the 22-inch propellers and the coloured front arms',
      'Close-up of the UniDrone E900 centre body with its GNSS mast, status lights and payload mount',
      'UniDrone E900 in flight over paddocks under a clear sky',
    ],
    descriptions: [
      [
        'Overview',
        'The UniDrone E900 is our own heavy-lift hexacopter for mapping, inspection and agricultural work. It carries up to 6 kg of payload, flies for up to 35 minutes without payload and comes with RTK positioning and a 15 km digital link ready to fly. Every E900 is assembled, calibrated and test-flown by our team before it is dispatched.',
      ],
      [
        'Read more',
        'The airframe is built around a carbon-fibre and aluminium centre body with six 30 mm carbon arms that fold down beside the landing gear for transport. Unfolding and locking the arms takes under a minute and needs no tools. Each arm carries a UniMotor 6215 KV180 with a UniESC 80A FOC speed controller and a 22 × 7.8 inch carbon propeller. With six motors the E900 can hold attitude and land under control after losing a motor at moderate payloads, which is the main reason we chose a hexacopter over a quad for this size. Power comes from two UniCell 6S 22000 mAh smart batteries wired in series (12S), each reporting its charge and cycle count to the ground station.\n\nThe UniPilot X7 Pro autopilot and UniRTK F9 GNSS module are fitted and configured at the factory, so survey missions can be georeferenced to centimetre level with corrections from a base station or an NTRIP network. The quick-release payload rail under the body supplies 12 V and 24 V power, Ethernet and a serial port, and accepts the UniCam Z10, UniCam T2 and UniCam M24 without adapters. The E900 is flown from the UniLink MK15 ground control station (included) or the larger UniLink MK32, using standard MAVLink ground control software for mission planning.',
      ],
      [
        'In the box',
        'E900 airframe with UniPilot X7 Pro and UniRTK F9 fitted; UniLink MK15 ground control station with charger; 6 propellers (3 clockwise, 3 anticlockwise) plus 2 spares; carbon landing gear; tool kit; printed quick-start guide and test-flight report. Batteries, charger and payloads are sold separately.',
      ],
      [
        'Compatibility',
        'Batteries: 2 × UniCell 6S 22000 mAh smart battery. Charger: UniCharge C2. Payloads: UniCam Z10, UniCam T2, UniCam M24, or third-party payloads up to 6 kg using the 12 V / 24 V power, Ethernet and UART pins on the payload rail. Spare parts: UniMotor 6215 KV180, UniESC 80A FOC, UniProp 22×7.8 carbon propellers, UniFrame E900 landing gear, UniCase E900 transport case.',
      ],
      [
        'Who it is for',
        'Survey and mapping contractors, asset inspection teams, agronomists and research groups who need a dependable aircraft that carries a real payload. With a take-off weight of up to 22 kg, the E900 must be registered with CASA, and most commercial operations need a remote pilot licence (RePL) and an operator certificate (ReOC). Check the current CASA rules for your work before you fly.',
      ],
      ['In short', 'Heavy-lift RTK hexacopter for mapping, inspection and agriculture: 6 kg payload, up to 35 min flight.'],
    ],
    features: [
      ['RTK positioning', 'UniRTK F9 fitted as standard for centimetre-level navigation and georeferencing.'],
      ['Six-motor redundancy', 'Holds attitude and lands under control after a single motor failure at moderate payloads.'],
      ['Tool-free folding arms', 'Arms fold beside the landing gear and lock in place in under a minute.'],
      ['Quick-release payload rail', '12 V and 24 V power, Ethernet and serial on one connector; payloads swap in seconds.'],
      ['15 km digital link', 'Video, telemetry and control on one link to the UniLink MK15 ground control station.'],
      ['Weather sealing', 'IP45-rated body and connectors for work in light rain and dust.'],
    ],
    specifications: [
      ['Configuration', 'Hexacopter, 1200 mm motor-to-motor wheelbase'],
      ['Maximum take-off weight', '22 kg'],
      ['Maximum payload', '6 kg'],
      ['Flight time (hover)', '35 min without payload; 22 min with 5 kg payload'],
      ['Maximum speed', '15 m/s'],
      ['Wind resistance', '12 m/s'],
      ['Positioning accuracy (RTK)', '1 cm + 1 ppm horizontal; 1.5 cm + 1 ppm vertical'],
      ['Operating temperature', '−10 °C to 45 °C; IP45'],
    ],
    dimensions: [
      ['Unfolded (without propellers)', '1320 × 1180 × 580 mm'],
      ['Folded', '720 × 640 × 560 mm'],
      ['Weight without batteries', '10.6 kg'],
      ['Weight with two UniCell batteries', '15.8 kg'],
    ],
    shipping: [
      ['Before it leaves', 'Each E900 is assembled, calibrated and test-flown by our team before it is sent.'],
      ['Delivery within Australia', 'Insured, tracked delivery to any Australian address; we e-mail you the tracking link when it leaves.'],
      [
        'Returns',
        '14-day change-of-mind returns on unflown aircraft in their original packaging. Your rights under the Australian Consumer Law are not affected.',
      ],
    ],
  }),
  product({
    name: 'UniPilot X7 Pro',
    stripeProductId: 'prod_CoJBHs4yTpKhDH',
    category: 'autopilots',
    priceCents: 84900,
    imageAlts: [
      'UniPilot X7 Pro autopilot seen from above and in front, showing the direction arrow on its lid and the row of connectors along the front edge',
      'Angled view of the UniPilot X7 Pro aluminium housing',
      'Close-up of the locking connectors on the front of the UniPilot X7 Pro',
    ],
    descriptions: [
      [
        'Overview',
        'The UniPilot X7 Pro is the flight controller we fit to the UniDrone E900, sold on its own for builders of larger multirotors, VTOL and fixed-wing aircraft. It pairs a 480 MHz H7 processor with three vibration-isolated, temperature-controlled IMUs in a machined aluminium case. Every port uses a locking connector.',
      ],
      [
        'Read more',
        'Inside the case the sensor board sits on a damped mount and is held at a constant temperature by a small heater, so the IMUs behave the same on a frosty morning as at midday. Three IMUs and two barometers give the flight firmware enough redundancy to reject a failing sensor in flight. Two power inputs with automatic failover keep the autopilot running if one power module or cable fails.\n\nFor integration work the X7 Pro has two CAN buses for GNSS, speed controllers and smart batteries, a 100 Mbit/s Ethernet port for companion computers and IP payloads, five serial ports and 14 PWM outputs, eight of which support DShot. It runs open-source flight control firmware and talks MAVLink to any standard ground control software. Units are shipped with the same firmware release we fly on the E900.',
      ],
      [
        'In the box',
        'UniPilot X7 Pro; two 6-pin power cables; cable set for GNSS, telemetry, CAN and Ethernet; 8 GB microSD card; anti-vibration mounting pads and M3 screws; quick-start card.',
      ],
      [
        'Compatibility',
        'Works with the UniRTK F9 and UniGPS M10 on CAN or UART, the UniLink HD20 air unit and MK-series ground stations on TELEM1, and the UniESC 80A FOC via PWM, DShot or CAN. Needs a 5 V power module on at least one power port.',
      ],
      [
        'Who it is for',
        'Integrators, research groups and commercial builders of aircraft from 5 kg to 25 kg, and E900 owners who want a spare autopilot on the shelf.',
      ],
      ['In short', 'Triple-IMU H7 flight controller in an aluminium case, with CAN, Ethernet and 14 outputs.'],
    ],
    features: [
      ['Triple redundant IMUs', 'Three IMUs on a damped, heated sensor board.'],
      ['Dual power inputs', 'Automatic failover between two 5 V supplies.'],
      ['CAN and Ethernet', 'Two CAN buses and 100 Mbit/s Ethernet for modern peripherals.'],
      ['Locking connectors', 'Every port uses a latching connector that will not shake loose.'],
      ['Machined housing', 'CNC aluminium case doubles as a heat spreader and EMI shield.'],
    ],
    specifications: [
      ['Processor', 'H7 series, 480 MHz, 2 MB flash'],
      ['IMUs', '3, vibration-isolated and temperature-controlled'],
      ['Barometers', '2'],
      ['Outputs', '14 PWM (8 with DShot)'],
      ['Interfaces', '2 × CAN, 1 × Ethernet, 5 × UART, 2 × I²C, USB-C'],
      ['Input voltage', '4.75–5.5 V, two redundant inputs'],
      ['Logging', 'microSD, up to 32 GB'],
      ['Operating temperature', '−20 °C to 70 °C'],
    ],
    dimensions: [
      ['Size', '94 × 46 × 32 mm'],
      ['Weight', '98 g'],
    ],
  }),
  product({
    name: 'UniPilot Nano H7',
    stripeProductId: 'prod_vLwdHRnfJGElpm',
    category: 'autopilots',
    priceCents: 22900,
    imageAlts: [
      'UniPilot Nano H7 circuit board seen from above, with its processor, sensors and solder pads',
      'Angled view of the UniPilot Nano H7 board showing how thin it is',
      'Close-up of the processor and connectors on the UniPilot Nano H7',
    ],
    descriptions: [
      [
        'Overview',
        'The UniPilot Nano H7 is a 30.5 mm stack-mount flight controller for small multirotors and fixed-wing aircraft. It runs the same firmware as the UniPilot X7 Pro, so you can plan and fly a 2 kg quad with the same tools as an E900. Power goes straight in from a 2S to 6S battery.',
      ],
      [
        'Read more',
        'The Nano H7 uses the same 480 MHz H7 processor as the X7 Pro with two IMUs, one barometer and an on-board OSD chip for analogue video. Two on-board regulators supply 5 V at 2 A for peripherals and 10 V at 2 A for a video transmitter or camera, which removes the need for a separate power board on most small builds.\n\nThere are eight motor outputs with DShot support, seven UARTs and an I²C port for a compass. The board is conformally coated against moisture and ships with soft-mount grommets to isolate it from frame vibration. It is a good choice for training aircraft, research platforms and long-range fixed-wing builds where weight matters more than sensor redundancy.',
      ],
      ['In the box', 'UniPilot Nano H7; set of M3 silicone grommets; GNSS and receiver cables; quick-start card.'],
      [
        'Compatibility',
        'Mounts on 30.5 × 30.5 mm M3 stacks. Pairs with the UniGPS M10, the UniLink RX8 receiver and the UniCam F1 FPV camera. Runs the same firmware and ground control software as the UniPilot X7 Pro.',
      ],
      [
        'Who it is for',
        'Builders of small and mid-size aircraft, universities and training schools who want a capable autopilot without the size and cost of the X7 Pro.',
      ],
      ['In short', '30.5 mm H7 flight controller with dual IMUs, OSD and on-board 5 V and 10 V regulators.'],
    ],
    features: [
      ['Same firmware as the X7 Pro', 'One set of tools and parameters across small and large aircraft.'],
      ['Direct battery input', 'Runs straight from 2S to 6S with on-board 5 V and 10 V regulators.'],
      ['On-board OSD', 'Overlays flight data on analogue FPV video.'],
      ['Conformal coating', 'Protects the board against moisture and dust.'],
    ],
    specifications: [
      ['Processor', 'H7 series, 480 MHz'],
      ['IMUs', '2 × 6-axis'],
      ['Barometer', '1'],
      ['Outputs', '8 PWM / DShot'],
      ['Serial ports', '7 UART, 1 I²C'],
      ['Input voltage', '7–26 V (2S–6S LiPo)'],
      ['Regulators', '5 V 2 A; 10 V 2 A'],
    ],
    dimensions: [
      ['Size', '36 × 36 × 8 mm'],
      ['Mounting', '30.5 × 30.5 mm, M3'],
      ['Weight', '8 g'],
    ],
  }),
  product({
    name: 'UniRTK F9 GNSS Module',
    stripeProductId: 'prod_hmCxwy16HMhDSO',
    category: 'autopilots',
    priceCents: 54900,
    imageAlts: [
      'UniRTK F9 GNSS module, a round white puck with a coloured ring, on its carbon mast',
      'UniRTK F9 seen from directly above, showing the direction arrow and status light',
      'Close-up of the direction arrow and status light on top of the UniRTK F9',
    ],
    descriptions: [
      [
        'Overview',
        'The UniRTK F9 is a multi-band RTK GNSS receiver with a built-in compass, made to give autopilots centimetre-level position. It is the GNSS module fitted to the UniDrone E900. It connects over CAN or UART and reaches an RTK fix in seconds once corrections arrive.',
      ],
      [
        'Read more',
        'A multi-band receiver tracks GPS, GLONASS, Galileo, BeiDou and QZSS on two frequency bands at once, which shortens the time to an RTK fix and keeps the fix through partial sky blockage near trees and structures. Corrections can come from a second UniRTK F9 set up as a base station, or from an NTRIP network such as AUSCORS, relayed through the ground station.\n\nThe module also holds a 3-axis magnetometer, a barometer, a safety button and a tri-colour status light. The patch antenna sits under a UV-stable dome, and the puck is mounted on a folding carbon mast that keeps it clear of the magnetic noise from power cables and motors.',
      ],
      ['In the box', 'UniRTK F9 module; folding carbon mast and base clamp; CAN and UART cables; quick-start card.'],
      [
        'Compatibility',
        'UniPilot X7 Pro and UniPilot Nano H7, and any autopilot that accepts a CAN or UART GNSS. Works as a rover on the aircraft or as a base station on a tripod.',
      ],
      [
        'Who it is for',
        'Survey and mapping operators who need georeferenced data without ground control points, and anyone flying precise, repeatable missions close to structures.',
      ],
      ['In short', 'Multi-band RTK GNSS with compass: centimetre-level position over CAN or UART.'],
    ],
    features: [
      ['Multi-band RTK', 'Two frequency bands for fast, robust centimetre-level fixes.'],
      ['Five constellations', 'GPS, GLONASS, Galileo, BeiDou and QZSS tracked together.'],
      ['Built-in compass', '3-axis magnetometer and barometer in the same puck.'],
      ['Base or rover', 'Use one on the aircraft and another as your base station.'],
      ['Folding mast', 'Carbon mast keeps the antenna clear of magnetic interference.'],
    ],
    specifications: [
      ['Constellations', 'GPS, GLONASS, Galileo, BeiDou, QZSS'],
      ['Accuracy (RTK)', '1 cm + 1 ppm horizontal; 1.5 cm + 1 ppm vertical'],
      ['Accuracy (standalone)', '1.5 m CEP'],
      ['Update rate', 'Up to 20 Hz'],
      ['Time to RTK fix', 'Under 10 s (typical)'],
      ['Interfaces', 'CAN, UART'],
      ['Supply', '5 V, 250 mA'],
    ],
    dimensions: [
      ['Puck', 'Ø 80 × 24 mm'],
      ['Mast height (unfolded)', '150 mm'],
      ['Weight (puck only)', '62 g'],
    ],
  }),
  product({
    name: 'UniGPS M10 Compass Module',
    stripeProductId: 'prod_83gvBFb5vWdMZd',
    category: 'autopilots',
    priceCents: 8900,
    imageAlts: [
      'UniGPS M10 compass module, a compact rounded-square puck with a direction arrow',
      'UniGPS M10 seen from directly above, showing the arrow and status light',
      'Close-up of the status light on the UniGPS M10',
    ],
    descriptions: [
      [
        'Overview',
        'The UniGPS M10 is a small single-band GNSS receiver with a compass for multirotors and fixed-wing aircraft up to about 10 kg. It tracks four constellations at once and plugs into a UniPilot with one cable.',
      ],
      [
        'Read more',
        'Tracking GPS, GLONASS, Galileo and BeiDou together gives the M10 plenty of satellites in view, even in valleys or near buildings, and a typical cold start takes under 30 seconds. The module updates at 10 Hz and includes a 3-axis magnetometer for heading, a status light and a safety button.\n\nIt does not support RTK; if you need centimetre accuracy, choose the UniRTK F9. For navigation, return-to-home and general flying the M10 is more than enough, and at 20 g it suits small aircraft where every gram counts.',
      ],
      ['In the box', 'UniGPS M10 module; 6-pin and 10-pin cables; adhesive mounting pad; quick-start card.'],
      ['Compatibility', 'UniPilot X7 Pro (UART) and UniPilot Nano H7, and most autopilots with a UART and I²C GNSS port.'],
      ['Who it is for', 'Builders of small and medium aircraft, training fleets and anyone replacing a damaged GNSS module without needing RTK.'],
      ['In short', 'Compact four-constellation GNSS and compass module for everyday navigation.'],
    ],
    features: [
      ['Four constellations', 'GPS, GLONASS, Galileo and BeiDou tracked together.'],
      ['Built-in compass', '3-axis magnetometer for heading.'],
      ['Light and small', '20 g in a 40 mm housing.'],
      ['Safety button and status light', 'Arm the aircraft and check GNSS state at a glance.'],
    ],
    specifications: [
      ['Constellations', 'GPS, GLONASS, Galileo, BeiDou'],
      ['Accuracy', '2.0 m CEP'],
      ['Update rate', '10 Hz'],
      ['Cold start', 'Under 30 s (typical)'],
      ['Interfaces', 'UART, I²C'],
      ['Supply', '5 V, 80 mA'],
    ],
    dimensions: [
      ['Size', '40 × 40 × 14 mm'],
      ['Weight', '20 g'],
    ],
  }),

  // ───────────────────────────── Cameras ─────────────────────────────
  product({
    name: 'UniCam Z10 Zoom Gimbal Camera',
    stripeProductId: 'prod_aBOnZbruLmjvtM',
    category: 'cameras',
    priceCents: 149900,
    imageAlts: [
      'UniCam Z10 three-axis gimbal camera from the front, hanging from its damped mounting plate',
      'UniCam Z10 from the side, with the camera tilted downwards',
      'Close-up of the UniCam Z10 zoom lens',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCam Z10 is a three-axis stabilised zoom camera with 10× optical zoom, made for inspection work where you cannot fly close to the subject. It streams 2K video over Ethernet to the ground station and records 4 MP stills to its own card.',
      ],
      [
        'Read more',
        'A 1/2.8-inch 4 MP sensor behind a 10× optical zoom lens lets you read a serial plate on a tower or spot a cracked insulator from a safe stand-off distance. Digital zoom extends the range to 30× for locating targets. The brushless three-axis gimbal holds the image steady to ±0.01° and can be pointed from the ground station, by the autopilot during a mission or from a spare channel on the radio.\n\nVideo is streamed as H.265 over Ethernet with low latency and recorded at full quality on a microSD card in the camera, so you keep clean footage even if the radio link drops for a moment. The camera mounts to the UniDrone E900 payload rail without adapters and to other aircraft with the included damped plate.',
      ],
      ['In the box', 'UniCam Z10 with gimbal; damped mounting plate; Ethernet, power and control cables; 32 GB microSD card; lens cap; quick-start card.'],
      [
        'Compatibility',
        'UniDrone E900 (payload rail), UniLink MK15 and MK32 ground stations for live view and control, and any aircraft with a 12–25 V supply and an Ethernet or MAVLink-capable autopilot.',
      ],
      [
        'Who it is for',
        'Inspection teams working on power lines, telecommunications towers, bridges and roofs, and search operators who need to identify details from a distance.',
      ],
      ['In short', '10× optical zoom camera on a three-axis gimbal, streaming 2K video over Ethernet.'],
    ],
    features: [
      ['10× optical zoom', 'Up to 30× with digital zoom for locating targets.'],
      ['Three-axis stabilisation', 'Brushless gimbal holds the image to ±0.01°.'],
      ['Ethernet video', 'Low-latency H.265 stream to the ground station.'],
      ['On-board recording', 'Full-quality video and stills saved to microSD.'],
      ['Payload rail ready', 'Fits the UniDrone E900 without adapters.'],
    ],
    specifications: [
      ['Sensor', '1/2.8-inch CMOS, 4 MP'],
      ['Zoom', '10× optical, 30× hybrid'],
      ['Video', '2560 × 1440 at 30 fps, H.265'],
      ['Stabilisation', '3-axis, ±0.01°'],
      ['Gimbal range', 'Tilt −90° to +30°; pan ±160°'],
      ['Power', '12–25 V, 9 W typical'],
      ['Operating temperature', '−10 °C to 50 °C'],
    ],
    dimensions: [
      ['Size', '96 × 78 × 128 mm'],
      ['Weight', '420 g'],
    ],
  }),
  product({
    name: 'UniCam T2 Thermal Gimbal',
    stripeProductId: 'prod_RfJfSQMgGiYzhz',
    category: 'cameras',
    priceCents: 449900,
    imageAlts: [
      'UniCam T2 dual-sensor gimbal from the front, showing the large thermal lens beside the smaller visual lens',
      'UniCam T2 from the side, tilted down as it would be during an inspection flight',
      'Close-up of the UniCam T2 thermal lens',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCam T2 combines a 640 × 512 radiometric thermal camera and an 8 MP visual camera on one three-axis gimbal. Every thermal pixel carries a temperature reading, so hot spots can be measured as well as seen. It is the camera we recommend for solar farm, electrical and building inspections.',
      ],
      [
        'Read more',
        'The thermal core is an uncooled 12 µm microbolometer with a sensitivity better than 50 mK, behind a 13 mm germanium lens. Radiometric JPEGs store a temperature for each pixel, which you can analyse afterwards to find failing panels, overheating joints or missing insulation. The visual camera records the same scene at 8 MP, and the two can be shown side by side or blended on the ground station.\n\nTemperature accuracy is ±2 °C or ±2 % of the reading, whichever is greater, over a range of −20 °C to 550 °C in two gain modes. Both streams are sent over Ethernet to the ground station and recorded on board. The gimbal mounts directly on the UniDrone E900 payload rail.',
      ],
      [
        'In the box',
        'UniCam T2 with gimbal; damped mounting plate; Ethernet, power and control cables; 64 GB microSD card; lens caps; calibration certificate; quick-start card.',
      ],
      [
        'Compatibility',
        'UniDrone E900 (payload rail), UniLink MK15 and MK32 ground stations, and any aircraft with a 12–25 V supply and an Ethernet or MAVLink-capable autopilot.',
      ],
      [
        'Who it is for',
        'Solar and electrical inspectors, building surveyors, fire and emergency services, and wildlife researchers counting animals at night.',
      ],
      ['In short', 'Radiometric 640 × 512 thermal and 8 MP visual camera on a three-axis gimbal.'],
    ],
    features: [
      ['Radiometric thermal', 'Temperature data for every pixel, saved with each image.'],
      ['Dual sensor', 'Thermal and 8 MP visual views side by side or blended.'],
      ['High sensitivity', 'Better than 50 mK for subtle temperature differences.'],
      ['Two gain modes', 'Measures from −20 °C to 550 °C.'],
      ['Calibrated', 'Each unit ships with its calibration certificate.'],
    ],
    specifications: [
      ['Thermal sensor', 'Uncooled microbolometer, 640 × 512, 12 µm pitch'],
      ['Spectral range', '8–14 µm'],
      ['Sensitivity (NETD)', 'Better than 50 mK'],
      ['Thermal lens', '13 mm, 33° × 26° field of view'],
      ['Measurement range', '−20 °C to 150 °C (high gain); 0 °C to 550 °C (low gain)'],
      ['Accuracy', '±2 °C or ±2 % of reading'],
      ['Visual camera', '8 MP, 1/2-inch CMOS'],
      ['Power', '12–25 V, 12 W typical'],
    ],
    dimensions: [
      ['Size', '118 × 92 × 140 mm'],
      ['Weight', '640 g'],
    ],
  }),
  product({
    name: 'UniCam F1 FPV Camera',
    stripeProductId: 'prod_kQoUN36b7etapb',
    category: 'cameras',
    priceCents: 6900,
    imageAlts: [
      'UniCam F1 micro FPV camera from the front, with its side mounting brackets',
      'Angled view of the UniCam F1 camera body and lens',
      'Close-up of the UniCam F1 wide-angle lens',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCam F1 is a 19 mm low-latency analogue FPV camera for pilots who fly by goggles or a ground screen. It handles harsh light well, from low sun over water to the shade under trees, and switches between 4:3 and 16:9 from the on-screen menu.',
      ],
      [
        'Read more',
        'A 1/2-inch sensor with wide dynamic range keeps detail in both the sky and the ground in the same frame, and a 2.1 mm lens gives a 160° diagonal field of view that shows obstacles around the nose. Glass-to-screen latency is under 5 ms, which is what you feel when flying close to objects.\n\nThe camera runs from 4.5 V to 25 V, so it can be powered straight from the 10 V regulator of a UniPilot Nano H7 or from a 2S–4S battery. Settings are changed through the OSD menu using the joystick cable or from the flight controller. The aluminium body dissipates heat and survives the occasional crash.',
      ],
      ['In the box', 'UniCam F1; 19 mm to 22 mm adaptor brackets; silicone cable; joystick menu board; M2 screws.'],
      [
        'Compatibility',
        'Any analogue video transmitter or flight controller with a camera input, including the UniPilot Nano H7 OSD. Fits 19 mm camera mounts, or 20–22 mm with the included brackets.',
      ],
      [
        'Who it is for',
        'FPV pilots, and operators who want a forward-looking pilot view on a survey or inspection aircraft in addition to the payload camera.',
      ],
      ['In short', 'Micro 19 mm FPV camera with 160° view and under 5 ms latency.'],
    ],
    features: [
      ['Low latency', 'Under 5 ms from lens to video output.'],
      ['Wide dynamic range', 'Clear picture in harsh Australian sunlight and shade.'],
      ['Wide input voltage', '4.5–25 V, straight from a 2S–4S battery.'],
      ['Aluminium body', 'Light, strong and good at shedding heat.'],
    ],
    specifications: [
      ['Sensor', '1/2-inch CMOS'],
      ['Resolution', '1200 TVL'],
      ['Lens', '2.1 mm, 160° diagonal field of view'],
      ['Aspect ratio', '4:3 or 16:9, switchable'],
      ['Latency', 'Under 5 ms'],
      ['Power', '4.5–25 V, 0.8 W'],
    ],
    dimensions: [
      ['Size', '19 × 19 × 21 mm'],
      ['Weight', '6.5 g'],
    ],
  }),
  product({
    name: 'UniCam M24 Mapping Camera',
    stripeProductId: 'prod_vISwoJ1xCPgkis',
    category: 'cameras',
    priceCents: 329900,
    imageAlts: [
      'UniCam M24 mapping camera from the front, showing its 25 mm lens and damped mount',
      'UniCam M24 seen from the side with the lens pointing down, as it sits under the drone',
      'Close-up of the UniCam M24 lens',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCam M24 is a 24 MP APS-C mapping camera with a mechanical leaf shutter, made for photogrammetry from a multirotor. At 120 m above ground it captures 1.9 cm per pixel, and every image is tagged with the exact trigger time for RTK georeferencing.',
      ],
      [
        'Read more',
        'A leaf shutter exposes the whole frame at once, so there is no rolling-shutter distortion when the aircraft is moving at survey speed. The fixed 25 mm lens is calibrated at the factory and its calibration file is stored in the camera, which improves the accuracy of the reconstructed model and saves a self-calibration step in processing.\n\nThe autopilot triggers the camera, and the camera reports the exact moment of exposure back through its hot-shoe signal. With the UniRTK F9 on the aircraft this gives each photo a centimetre-level position, cutting down or removing the need for ground control points. The camera can shoot every 0.7 s and writes to a fast SD card.',
      ],
      [
        'In the box',
        'UniCam M24 with 25 mm lens; damped nadir mount; trigger and power cable; 128 GB SD card; lens cap; lens calibration report; quick-start card.',
      ],
      [
        'Compatibility',
        'UniDrone E900 payload rail, UniPilot X7 Pro camera trigger and feedback, UniRTK F9 for georeferencing. Images work with all common photogrammetry software.',
      ],
      [
        'Who it is for',
        'Surveyors, mine site and quarry operators, construction firms and councils producing orthophotos, surface models and stockpile volumes.',
      ],
      ['In short', '24 MP APS-C mapping camera with leaf shutter: 1.9 cm per pixel from 120 m.'],
    ],
    features: [
      ['Leaf shutter', 'No rolling-shutter distortion at survey speed.'],
      ['Calibrated lens', 'Factory calibration stored in the camera.'],
      ['Exposure feedback', 'Hot-shoe signal for precise RTK georeferencing.'],
      ['Fast triggering', 'One image every 0.7 s.'],
    ],
    specifications: [
      ['Sensor', 'APS-C, 24 MP (6000 × 4000)'],
      ['Shutter', 'Mechanical leaf shutter, up to 1/2000 s'],
      ['Lens', '25 mm fixed, f/2.8'],
      ['Ground sample distance', '1.9 cm/px at 120 m above ground'],
      ['Minimum trigger interval', '0.7 s'],
      ['Storage', 'SD card, UHS-II'],
      ['Power', '12–25 V, 7 W typical'],
    ],
    dimensions: [
      ['Size', '86 × 62 × 78 mm'],
      ['Weight', '590 g with lens and mount'],
    ],
  }),

  // ───────────────────────────── Link & controllers ─────────────────────────────
  product({
    name: 'UniLink MK15 Ground Control Station',
    stripeProductId: 'prod_h346rYHB7hFqNo',
    category: 'radio-controllers',
    priceCents: 149900,
    imageAlts: [
      'UniLink MK15 ground control station from the front, with its screen between the two control sticks',
      'UniLink MK15 at an angle, with its antennas folded up',
      'Close-up of a control stick and the buttons on the UniLink MK15',
    ],
    descriptions: [
      [
        'Overview',
        'The UniLink MK15 is a compact handheld ground control station with a 5.5-inch daylight-readable screen and a digital link of up to 15 km. Video, telemetry and control travel on one link, so a single device is all you carry to the field. It is the ground station supplied with the UniDrone E900.',
      ],
      [
        'Read more',
        'The 1000-nit screen stays readable in full sun, and the station runs Android, so you can install standard MAVLink ground control software for mission planning and monitoring. The 2.4 GHz link carries 1080p video from the aircraft together with telemetry and control, with a typical latency of around 150 ms.\n\nTwo gimbal-mounted sticks with hall-effect sensors, two wheels and eight programmable buttons cover flight and payload control. The internal battery lasts about 5 hours and charges over USB-C with a 65 W charger. An air unit for the aircraft is included; extra UniLink HD20 air units can be bound for a second aircraft.',
      ],
      [
        'In the box',
        'UniLink MK15 ground station; air unit with antennas and cables; 65 W USB-C charger with Australian plug; lanyard; carry pouch; quick-start guide.',
      ],
      ['Compatibility', 'UniDrone E900, UniLink HD20 air unit, UniPilot X7 Pro and Nano H7 (MAVLink), UniCam Z10, T2 and M24 for live view and control.'],
      ['Who it is for', 'Operators who want one light, self-contained controller for video, telemetry and control on mapping and inspection jobs.'],
      ['In short', 'Handheld ground station with 5.5-inch sunlight screen and a 15 km video, telemetry and control link.'],
    ],
    features: [
      ['All-in-one link', 'Video, telemetry and control on one 2.4 GHz link.'],
      ['Bright screen', '5.5-inch 1080p, 1000 nits for use in full sun.'],
      ['Android ground station', 'Runs standard MAVLink mission planning apps.'],
      ['Hall-effect sticks', 'Contact-free sensors for precise, long-lasting control.'],
      ['Long battery life', 'About 5 hours per charge, fast USB-C charging.'],
    ],
    specifications: [
      ['Range', 'Up to 15 km, unobstructed line of sight'],
      ['Frequency', '2.400–2.4835 GHz'],
      ['Video', '1080p at 30 fps; about 150 ms latency'],
      ['Screen', '5.5-inch, 1920 × 1080, 1000 nits'],
      ['Channels', '16'],
      ['Battery', '7.4 V, 5000 mAh; about 5 h'],
      ['Operating temperature', '−10 °C to 50 °C'],
    ],
    dimensions: [
      ['Size (antennas folded)', '200 × 126 × 48 mm'],
      ['Weight', '600 g'],
      ['Air unit', '74 × 46 × 18 mm, 70 g'],
    ],
  }),
  product({
    name: 'UniLink MK32 Handheld Controller',
    stripeProductId: 'prod_Kacc09yeyjq6gb',
    category: 'radio-controllers',
    priceCents: 269900,
    imageAlts: [
      'UniLink MK32 handheld controller from the front, with a large screen above the two control sticks and four antennas',
      'UniLink MK32 at an angle, showing its grips and antennas',
      'Close-up of a control stick and the switches on the UniLink MK32',
    ],
    descriptions: [
      [
        'Overview',
        'The UniLink MK32 is our professional handheld controller with a 7-inch 1600-nit screen, a dual-band digital link of up to 20 km and a separate 915 MHz backup control radio. It has 32 channels and swappable batteries for long days in the field.',
      ],
      [
        'Read more',
        'The main link uses 2.4 GHz and 5.8 GHz and switches between them automatically to avoid interference, carrying 1080p video, telemetry and control. If both bands are lost, the built-in 915–928 MHz radio keeps a low-rate control and telemetry link to a UniLink RX8 receiver on the aircraft, so you can still command return-to-home.\n\nThe 7-inch screen is readable in direct sun, and the controller runs Android with standard MAVLink ground control software. Two hot-swappable batteries give about 4 hours each, and you can change one without powering down. Two controllers can be paired to one aircraft so a second operator flies the camera.',
      ],
      [
        'In the box',
        'UniLink MK32 controller; 2 batteries; dual-bay charger with Australian plug; UniLink HD20 air unit with antennas; UniLink RX8 backup receiver; neck strap; hard case; quick-start guide.',
      ],
      ['Compatibility', 'UniDrone E900, UniLink HD20 air unit, UniLink RX8 backup receiver, UniPilot X7 Pro and Nano H7 (MAVLink), UniCam Z10, T2 and M24.'],
      ['Who it is for', 'Operators flying beyond the range of the MK15, crews with a separate camera operator, and anyone who wants a backup control link.'],
      ['In short', 'Professional 7-inch controller with a dual-band 20 km link and a 915 MHz backup radio.'],
    ],
    features: [
      ['Dual-band link', '2.4 GHz and 5.8 GHz with automatic band switching.'],
      ['Backup control radio', '915 MHz link to a UniLink RX8 if the main link is lost.'],
      ['Hot-swappable batteries', 'Change a battery without switching off.'],
      ['Dual-operator mode', 'A second controller can fly the camera.'],
      ['7-inch sunlight screen', '1600 nits, readable in direct sun.'],
    ],
    specifications: [
      ['Range', 'Up to 20 km, unobstructed line of sight'],
      ['Frequencies', '2.4 GHz and 5.8 GHz; 915–928 MHz backup'],
      ['Video', '1080p at 60 fps; about 120 ms latency'],
      ['Screen', '7-inch, 1920 × 1200, 1600 nits'],
      ['Channels', '32'],
      ['Battery', '2 × 7.4 V 4000 mAh, hot-swappable; about 4 h each'],
      ['Ingress protection', 'IP54'],
    ],
    dimensions: [
      ['Size (antennas folded)', '282 × 158 × 78 mm'],
      ['Weight', '1.18 kg with batteries'],
    ],
  }),
  product({
    name: 'UniLink HD20 Air Unit',
    stripeProductId: 'prod_rFJYY67SpgKkxu',
    category: 'radio-controllers',
    priceCents: 59900,
    imageAlts: [
      'UniLink HD20 air unit, a finned aluminium module with two antennas',
      'UniLink HD20 at an angle, showing the cooling fins and the connector side',
      'Close-up of the antenna connectors and cooling fins on the UniLink HD20',
    ],
    descriptions: [
      [
        'Overview',
        'The UniLink HD20 is the aircraft end of the UniLink digital link, carrying video, telemetry and control in one finned module. It pairs with the UniLink MK15 and MK32, so you can bind a second aircraft to your ground station or replace a damaged unit.',
      ],
      [
        'Read more',
        'The HD20 works on 2.4 GHz and 5.8 GHz. With an MK32 it uses both bands and reaches up to 20 km; with an MK15 it runs on 2.4 GHz with up to 15 km. Video comes in over Ethernet from an IP camera such as the UniCam Z10 or T2, or over HDMI through the included adaptor.\n\nTelemetry goes to the autopilot on a serial port, and control channels leave as SBUS. The aluminium case is finned to shed heat in still air, but it should be mounted where it gets some airflow in hot weather. Keep the two antennas vertical and away from carbon fibre for best range.',
      ],
      ['In the box', 'UniLink HD20; 2 dipole antennas; Ethernet, serial, SBUS and power cables; HDMI adaptor; mounting screws.'],
      [
        'Compatibility',
        'UniLink MK15 (2.4 GHz, 15 km) and UniLink MK32 (dual band, 20 km). Autopilots with a MAVLink serial port, including the UniPilot X7 Pro and Nano H7.',
      ],
      ['Who it is for', 'Owners of a UniLink ground station adding a second aircraft, and integrators building their own aircraft around the UniLink system.'],
      ['In short', 'Air unit for UniLink ground stations: video, telemetry and control up to 20 km.'],
    ],
    features: [
      ['One module, three jobs', 'Video, telemetry and control in one unit.'],
      ['Dual band', '2.4 GHz and 5.8 GHz with the MK32.'],
      ['Ethernet and HDMI video', 'Works with IP cameras and HDMI cameras.'],
      ['Finned aluminium case', 'Passive cooling with no fan to fail.'],
    ],
    specifications: [
      ['Range', 'Up to 20 km with MK32; 15 km with MK15'],
      ['Frequencies', '2.4 GHz and 5.8 GHz'],
      ['Video input', 'Ethernet (RTSP), HDMI with adaptor'],
      ['Control output', 'SBUS, 16 channels'],
      ['Telemetry', 'UART, MAVLink'],
      ['Power', '7–30 V, 8 W typical'],
    ],
    dimensions: [
      ['Size (without antennas)', '74 × 46 × 18 mm'],
      ['Weight', '78 g with antennas'],
    ],
  }),
  product({
    name: 'UniLink RX8 Long-Range Receiver',
    stripeProductId: 'prod_WlaTn9xBkPC15x',
    category: 'radio-controllers',
    priceCents: 8900,
    imageAlts: [
      'UniLink RX8 receiver, a small module with two T-shaped antennas and a row of servo pins',
      'Angled view of the UniLink RX8 showing the servo pin header',
      'Close-up of the servo pins and status light on the UniLink RX8',
    ],
    descriptions: [
      [
        'Overview',
        'The UniLink RX8 is a 915 MHz long-range control receiver with eight servo outputs and serial telemetry. It receives the backup control radio of the UniLink MK32, and it can also serve as the only control link on small fixed-wing aircraft.',
      ],
      [
        'Read more',
        'The RX8 works in the 915–928 MHz band that Australian class licensing allows for this kind of device. Its low data rate trades bandwidth for range and for reaching through trees, which makes it a good backup when the main video link is blocked. It sends SBUS to the autopilot and returns telemetry such as battery voltage and link quality over a serial port.\n\nEight PWM outputs let it drive servos directly on aircraft without an autopilot. Two diversity antennas reduce dropouts as the aircraft turns. A failsafe setting chosen at binding decides what happens if the signal is lost: hold, preset positions, or no pulses so the autopilot can take over.',
      ],
      ['In the box', 'UniLink RX8; 2 T-dipole antennas; SBUS and telemetry cable; heat-shrink sleeve.'],
      ['Compatibility', 'UniLink MK32 backup radio. Any autopilot with an SBUS input and a serial port, including the UniPilot X7 Pro and Nano H7.'],
      ['Who it is for', 'MK32 owners adding a backup link to a second aircraft, and builders of long-range fixed-wing aircraft.'],
      ['In short', '915 MHz eight-channel receiver for the MK32 backup link and long-range builds.'],
    ],
    features: [
      ['915 MHz long range', 'Reaches further and through foliage better than 2.4 GHz.'],
      ['Diversity antennas', 'Two antennas reduce dropouts in turns.'],
      ['SBUS, PWM and telemetry', 'Works with or without an autopilot.'],
      ['Configurable failsafe', 'Hold, preset or no-pulse behaviour on signal loss.'],
    ],
    specifications: [
      ['Frequency', '915–928 MHz'],
      ['Outputs', '8 PWM, SBUS'],
      ['Telemetry', 'Serial, link quality and voltage'],
      ['Range', 'Over 30 km in open terrain (typical)'],
      ['Input voltage', '4–10 V'],
      ['Operating temperature', '−20 °C to 60 °C'],
    ],
    dimensions: [
      ['Size', '46 × 24 × 14 mm'],
      ['Weight', '11 g with antennas'],
    ],
  }),

  // ───────────────────────────── Propulsion ─────────────────────────────
  product({
    name: 'UniMotor 6215 KV180',
    stripeProductId: 'prod_Py0aod76LYuxmD',
    category: 'propulsion',
    priceCents: 36900,
    imageAlts: [
      'UniMotor 6215 brushless outrunner motor at an angle, showing the vented bell and three motor wires',
      'UniMotor 6215 seen from directly above, showing the cooling vents and propeller mounting holes',
      'Close-up of the cooling vents in the bell of the UniMotor 6215',
    ],
    descriptions: [
      [
        'Overview',
        'The UniMotor 6215 KV180 is the 12S brushless outrunner that lifts the UniDrone E900. Matched with a 22-inch UniProp it gives up to 6.8 kg of thrust per motor and hovers efficiently at 2 to 3 kg. It is sold individually as a spare or for heavy-lift builds.',
      ],
      [
        'Read more',
        'The 62 mm × 15 mm stator uses thin laminations and high-temperature magnets, and the bell is vented so the motor draws air through the windings as it spins. At a typical E900 hover load it reaches about 10.5 g per watt with the UniProp 22×7.8, which is where most of a flight is spent.\n\nThe shaft runs on two sealed bearings sized for the side loads of large propellers. The wires exit through the base with a protective sleeve, and the base matches the motor mount of the E900 arms. Each motor is balanced and run in before it is packed.',
      ],
      ['In the box', 'UniMotor 6215 KV180; propeller mounting screws; motor mount screws.'],
      [
        'Compatibility',
        'UniProp 22×7.8 carbon propellers, UniESC 80A FOC, UniDrone E900 arms. Suits 12S aircraft with a take-off weight of 12–25 kg in a hex or octo layout.',
      ],
      ['Who it is for', 'E900 owners who want a spare on the shelf, and builders of heavy-lift multirotors.'],
      ['In short', '12S heavy-lift motor: up to 6.8 kg thrust with a 22-inch propeller.'],
    ],
    features: [
      ['Efficient at hover', 'About 10.5 g/W at typical E900 hover load.'],
      ['Vented bell', 'Draws cooling air through the windings.'],
      ['Sealed bearings', 'Sized for the side loads of 22-inch propellers.'],
      ['Balanced and run in', 'Every motor is checked before packing.'],
    ],
    specifications: [
      ['KV', '180 rpm/V'],
      ['Stator', '62 × 15 mm'],
      ['Battery', '12S LiPo (44.4 V)'],
      ['Maximum thrust', '6.8 kg with UniProp 22×7.8 at 12S'],
      ['Maximum power', '1450 W (180 s)'],
      ['Recommended propellers', '20–22 inch'],
      ['Shaft', '6 mm; propeller holes 4 × M3 on a 25 mm circle'],
    ],
    dimensions: [
      ['Size', 'Ø 68 × 38 mm'],
      ['Weight', '360 g including wires'],
    ],
  }),
  product({
    name: 'UniMotor 4114 KV400',
    stripeProductId: 'prod_Tft5UDPYqYMZ2g',
    category: 'propulsion',
    priceCents: 16900,
    imageAlts: [
      'UniMotor 4114 brushless outrunner motor at an angle, showing its tall vented bell',
      'UniMotor 4114 seen from directly above, showing the propeller mounting holes',
      'Close-up of the bell and vents of the UniMotor 4114',
    ],
    descriptions: [
      [
        'Overview',
        'The UniMotor 4114 KV400 is a 6S outrunner for mid-size multirotors of 4 to 8 kg on 15 to 17-inch propellers. It is a good match for mapping quads, research platforms and training aircraft.',
      ],
      [
        'Read more',
        'The 41 × 14 mm stator gives a broad efficiency band, so the same motor works well on a light quad with a small camera and on a heavier hex carrying a payload. With a 15 × 5 propeller on 6S it produces up to 2.9 kg of thrust, and around 11 g per watt at a 700 g hover load.\n\nThe bell is machined from a single piece of aluminium and vented for cooling. Two sealed bearings carry a 4 mm shaft, and the base has both 16 mm and 19 mm hole patterns for common frame arms.',
      ],
      ['In the box', 'UniMotor 4114 KV400; propeller adaptor; mounting screws.'],
      ['Compatibility', '6S aircraft with 15–17 inch propellers. Speed controllers rated 40 A or more, including the UniESC 80A FOC.'],
      ['Who it is for', 'Builders of mid-size multirotors and anyone maintaining a fleet of 4–8 kg aircraft.'],
      ['In short', '6S outrunner for 15–17 inch propellers on 4–8 kg multirotors.'],
    ],
    features: [
      ['Broad efficiency band', 'Works well across a range of take-off weights.'],
      ['One-piece bell', 'Machined aluminium, vented for cooling.'],
      ['Two hole patterns', '16 mm and 19 mm mounting holes on the base.'],
      ['Sealed bearings', 'Dust-resistant for field use.'],
    ],
    specifications: [
      ['KV', '400 rpm/V'],
      ['Stator', '41 × 14 mm'],
      ['Battery', '6S LiPo (22.2 V)'],
      ['Maximum thrust', '2.9 kg with 15 × 5 propeller at 6S'],
      ['Maximum current', '32 A (180 s)'],
      ['Recommended propellers', '15–17 inch'],
      ['Shaft', '4 mm'],
    ],
    dimensions: [
      ['Size', 'Ø 46 × 32 mm'],
      ['Weight', '142 g including wires'],
    ],
  }),
  product({
    name: 'UniProp 22×7.8 Carbon Propeller Pair',
    stripeProductId: 'prod_9EdCTf8AwPjRhB',
    category: 'propulsion',
    priceCents: 18900,
    imageAlts: [
      'UniProp 22×7.8 carbon propeller seen from above, a long two-bladed propeller with a coloured tip',
      'The UniProp pair side by side: one clockwise and one anticlockwise propeller',
      'Close-up of the UniProp hub and its mounting holes',
    ],
    descriptions: [
      [
        'Overview',
        'A matched pair of 22-inch carbon-fibre propellers with 7.8-inch pitch: one clockwise and one anticlockwise. They are the propellers fitted to the UniDrone E900 and suit other heavy-lift multirotors on 12S.',
      ],
      [
        'Read more',
        'Each blade is moulded from carbon fibre over a foam core, which keeps it stiff at high thrust without adding weight. The airfoil is designed for efficiency at hover rather than top speed, matching how survey and inspection aircraft spend most of their time.\n\nBoth propellers are balanced statically and dynamically at the factory, which reduces vibration reaching the autopilot and the camera gimbal. The hub has four holes on a 25 mm circle and a centre bore that fits the UniMotor 6215 directly. Coloured tips make the rotation direction easy to check in the field. Replace any propeller with a chipped edge or cracked hub.',
      ],
      ['In the box', '1 clockwise and 1 anticlockwise propeller; 8 M3 mounting screws.'],
      ['Compatibility', 'UniMotor 6215 KV180 and UniDrone E900. Other motors with 4 × M3 holes on a 25 mm circle and a 6 mm shaft.'],
      ['Who it is for', 'E900 owners keeping spare propellers, and builders of heavy-lift multirotors on 12S.'],
      ['In short', 'Balanced 22 × 7.8 inch carbon propeller pair (CW and CCW) for heavy-lift aircraft.'],
    ],
    features: [
      ['Carbon over foam core', 'Stiff and light at high thrust.'],
      ['Factory balanced', 'Less vibration at the autopilot and gimbal.'],
      ['Hover-optimised airfoil', 'Efficient where survey aircraft spend most of their time.'],
      ['Colour-coded tips', 'Rotation direction is easy to check.'],
    ],
    specifications: [
      ['Diameter', '22 inch (559 mm)'],
      ['Pitch', '7.8 inch (198 mm)'],
      ['Material', 'Carbon fibre over foam core'],
      ['Hub', '4 × M3 holes on a 25 mm circle; 6 mm bore'],
      ['Maximum speed', '5000 rpm'],
      ['Rotation', '1 clockwise, 1 anticlockwise'],
    ],
    dimensions: [
      ['Length', '559 mm'],
      ['Weight', '58 g per propeller'],
    ],
  }),
  product({
    name: 'UniESC 80A FOC',
    stripeProductId: 'prod_jO2agcs4eVEYqU',
    category: 'propulsion',
    priceCents: 24900,
    imageAlts: [
      'UniESC 80A speed controller with its heatsink fins, three motor wires and two power leads',
      'Angled view of the UniESC 80A finned housing',
      'Close-up of the three motor wire outputs on the UniESC 80A',
    ],
    descriptions: [
      [
        'Overview',
        'The UniESC 80A FOC is a field-oriented-control speed controller for 6S to 14S heavy-lift aircraft. It drives the motors of the UniDrone E900 smoothly and quietly and reports current, temperature and rpm back to the autopilot over CAN.',
      ],
      [
        'Read more',
        'Field-oriented control drives the motor with smooth sine-wave currents instead of blocky trapezoidal steps. That runs the motor cooler and quieter, improves efficiency by a few per cent at hover and gives the autopilot more precise thrust changes, which shows up as steadier flight in gusty conditions.\n\nThe controller takes PWM, DShot or CAN input. Over CAN it sends back voltage, current, temperature and rpm, so the autopilot can spot a failing motor or overheating ESC before it becomes a problem. The aluminium heatsink is designed to sit in the propeller downwash under an arm, and the electronics are conformally coated against moisture.',
      ],
      ['In the box', 'UniESC 80A FOC with motor and power leads; signal and CAN cables; cable ties.'],
      [
        'Compatibility',
        'UniMotor 6215 KV180 and UniMotor 4114 KV400; UniPilot X7 Pro (PWM, DShot or CAN); 6S to 14S batteries including two UniCell 6S packs in series.',
      ],
      ['Who it is for', 'E900 owners keeping spares, and builders of heavy-lift multirotors who want telemetry from every motor.'],
      ['In short', '6–14S, 80 A field-oriented-control ESC with CAN telemetry.'],
    ],
    features: [
      ['Field-oriented control', 'Smoother, cooler and more efficient motor drive.'],
      ['CAN telemetry', 'Voltage, current, temperature and rpm for every motor.'],
      ['Three input types', 'PWM, DShot or CAN.'],
      ['Conformal coating', 'Protects against moisture and dust.'],
      ['Finned heatsink', 'Cooled by the propeller downwash.'],
    ],
    specifications: [
      ['Continuous current', '80 A'],
      ['Burst current', '120 A (10 s)'],
      ['Battery', '6S–14S LiPo (22–59 V)'],
      ['Input signals', 'PWM, DShot, CAN'],
      ['Telemetry', 'Voltage, current, temperature, rpm (CAN)'],
      ['Operating temperature', '−20 °C to 65 °C'],
    ],
    dimensions: [
      ['Size', '78 × 38 × 20 mm'],
      ['Weight', '96 g with leads'],
    ],
  }),

  // ───────────────────────────── Parts & accessories ─────────────────────────────
  product({
    name: 'UniCell 6S 22000 mAh Smart Battery',
    stripeProductId: 'prod_eRekZHON5Hd90f',
    category: 'parts-accessories',
    priceCents: 99900,
    imageAlts: [
      'UniCell 6S smart battery, a rectangular pack with a carry strap, a charge gauge and a power connector',
      'Angled view of the UniCell battery showing its label stripe and connector end',
      'Close-up of the charge gauge lights and button on the UniCell battery',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCell 6S 22000 mAh is a smart lithium-polymer flight battery for the UniDrone E900 and other heavy-lift aircraft. Its built-in management system balances the cells, reports charge and health to the ground station and discharges itself to storage level if it is left full.',
      ],
      [
        'Read more',
        'Each pack holds 488 Wh in six high-discharge cells and supplies 15C continuously. The management board watches every cell, keeps them balanced while charging and flying, and stores the cycle count and history so you can retire packs before they let you down. A four-light gauge shows the charge at the press of a button.\n\nIf a charged pack is not used for 5 days (adjustable), it slowly discharges to storage voltage to protect the cells. The E900 uses two packs in series, and both must be from the same pair with similar cycle counts. Store and charge batteries in a fire-resistant container away from anything flammable.',
      ],
      ['In the box', 'UniCell 6S 22000 mAh smart battery; terminal cover; safety leaflet.'],
      ['Compatibility', 'UniDrone E900 (two packs in series), UniCharge C2 charger, and other 6S or 12S aircraft that accept a 150 A anti-spark connector.'],
      ['Who it is for', 'E900 operators adding packs to fly longer days, and heavy-lift builders who want battery data in their logs.'],
      ['In short', '6S 22000 mAh smart battery with cell balancing, health data and self-discharge to storage.'],
    ],
    features: [
      ['Smart management', 'Cell balancing, cycle count and health reporting.'],
      ['Self-discharge to storage', 'Protects unused packs after 5 days.'],
      ['Charge gauge', 'Four lights show the charge at the press of a button.'],
      ['Anti-spark connector', '150 A connector with a built-in resistor for clean connection.'],
    ],
    specifications: [
      ['Chemistry', 'Lithium polymer, 6S1P'],
      ['Capacity', '22000 mAh'],
      ['Nominal voltage', '22.2 V'],
      ['Energy', '488 Wh'],
      ['Discharge rate', '15C continuous (330 A)'],
      ['Charge rate', '1C recommended, 2C maximum'],
      ['Charging temperature', '5 °C to 40 °C'],
    ],
    dimensions: [
      ['Size', '205 × 95 × 75 mm'],
      ['Weight', '2.6 kg'],
    ],
    shipping: [
      [
        'Delivery within Australia',
        'Sent by road as dangerous goods (over 160 Wh, not allowed on passenger aircraft), so air and express services cannot carry it.',
      ],
      [
        'Returns',
        '14-day change-of-mind returns on unused batteries in their original packaging. Your rights under the Australian Consumer Law are not affected.',
      ],
    ],
  }),
  product({
    name: 'UniCharge C2 Dual Smart Charger',
    stripeProductId: 'prod_dLFAVqdtgveDbL',
    category: 'parts-accessories',
    priceCents: 69900,
    imageAlts: [
      'UniCharge C2 dual charger from the front, with two status screens and two output ports',
      'Angled view of the UniCharge C2 showing the cooling grille on its side',
      'Close-up of one of the status screens on the UniCharge C2',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCharge C2 charges two UniCell smart batteries at once at up to 600 W each, from a standard 240 V outlet. A pair of E900 batteries goes from storage level to full in about an hour.',
      ],
      [
        'Read more',
        'Each channel talks to the battery management system of the connected UniCell, reads its cell voltages and history, and picks the right charge current automatically. The screens show the charge level, time remaining and any warnings for each pack. Besides normal charging there is a storage mode that brings packs to 3.85 V per cell for transport or a long break.\n\nA temperature-controlled fan keeps the charger quiet on light loads. Give it at least 20 cm of free space around the grille, and charge on a non-flammable surface. On a generator, use one rated at 1.5 kVA or more.',
      ],
      ['In the box', 'UniCharge C2; AC power cord with Australian plug; 2 charge leads; quick-start guide.'],
      ['Compatibility', 'UniCell 6S 22000 mAh smart batteries. Standard 6S LiPo packs can be charged in manual mode at up to 20 A.'],
      ['Who it is for', 'E900 operators who fly several batteries a day and need quick turnaround in the field or the workshop.'],
      ['In short', 'Two-channel 1200 W smart charger: two E900 batteries full in about an hour.'],
    ],
    features: [
      ['Two channels', 'Charges two packs independently at up to 600 W each.'],
      ['Battery-aware', 'Reads cell data from UniCell batteries and sets the current.'],
      ['Storage mode', 'Brings packs to 3.85 V per cell.'],
      ['Clear status screens', 'Charge level, time remaining and warnings per channel.'],
    ],
    specifications: [
      ['AC input', '100–240 V, 50/60 Hz, 15 A max'],
      ['Output power', '2 × 600 W (1200 W total on 240 V)'],
      ['Charge current', 'Up to 25 A per channel'],
      ['Battery types', 'UniCell smart; 6S LiPo in manual mode'],
      ['Storage voltage', '3.85 V per cell'],
      ['Cooling', 'Temperature-controlled fan'],
    ],
    dimensions: [
      ['Size', '260 × 180 × 90 mm'],
      ['Weight', '2.9 kg'],
    ],
  }),
  product({
    name: 'UniFrame E900 Carbon Landing Gear Set',
    stripeProductId: 'prod_QjGgxq421aPfIg',
    category: 'parts-accessories',
    priceCents: 32900,
    imageAlts: [
      'UniFrame carbon landing gear seen from the front: two angled legs from a central clamp down to the skids',
      'UniFrame landing gear seen from the side, showing a skid tube with its two legs',
      'Close-up of a quick-release clamp on the UniFrame landing gear',
    ],
    descriptions: [
      [
        'Overview',
        'A complete replacement landing gear for the UniDrone E900: two carbon-fibre legs with skids, quick-release clamps and rubber feet. It gives 380 mm of ground clearance, enough for any UniCam payload.',
      ],
      [
        'Read more',
        'The legs are 25 mm roll-wrapped carbon tubes joined to the skids by machined aluminium fittings. Quick-release clamps fit the legs to the E900 body in seconds and make it easy to swap a damaged leg in the field without tools. The skids are wide enough to keep the aircraft steady on uneven ground and end in soft rubber caps that protect the tubes.\n\nEvery set is checked on a jig so the aircraft sits level. After a hard landing, look for cracks near the fittings and replace a leg if you find any: carbon can hide damage.',
      ],
      ['In the box', '2 legs with skids fitted; 4 quick-release clamps; 4 rubber skid caps; hex key.'],
      ['Compatibility', 'UniDrone E900. Not suitable for other aircraft without adaptor plates.'],
      ['Who it is for', 'E900 owners replacing damaged landing gear or keeping a spare set in the vehicle.'],
      ['In short', 'Carbon landing gear for the E900 with quick-release clamps and 380 mm clearance.'],
    ],
    features: [
      ['Carbon-fibre tubes', 'Light and stiff 25 mm roll-wrapped tubes.'],
      ['Quick-release clamps', 'Fit or swap a leg in seconds without tools.'],
      ['Wide stance', 'Stable on uneven paddocks and gravel.'],
      ['Jig-checked', 'Every set sits the aircraft level.'],
    ],
    specifications: [
      ['Material', 'Carbon fibre tubes, aluminium fittings'],
      ['Tube diameter', '25 mm'],
      ['Ground clearance', '380 mm'],
      ['Skid spacing', '560 mm'],
      ['Skid length', '620 mm'],
    ],
    dimensions: [
      ['Assembled size', '620 × 600 × 420 mm'],
      ['Weight', '780 g per set'],
    ],
  }),
  product({
    name: 'UniCase E900 Transport Case',
    stripeProductId: 'prod_LXjHlSHIfGdHr6',
    category: 'parts-accessories',
    priceCents: 64900,
    imageAlts: [
      'UniCase transport case, closed, with its carry handle, latches and wheels',
      'UniCase open, seen from above, with foam cut-outs for the folded drone, batteries and controller',
      'Close-up of a latch and the pressure valve on the UniCase',
    ],
    descriptions: [
      [
        'Overview',
        'The UniCase is a wheeled hard case made to carry a folded UniDrone E900 with four batteries, the ground station and spares. It is waterproof and dustproof to IP67 and fits in the back of most utes and wagons.',
      ],
      [
        'Read more',
        'The shell is moulded polypropylene with a rubber O-ring seal, four double-throw latches and an automatic pressure valve so the lid opens easily after a change of altitude. Inside, layered foam is cut for the folded E900, four UniCell batteries, a UniLink MK15 or MK32, a payload camera and a box of spare propellers and tools.\n\nTwo wheels with sealed bearings and a telescopic handle make it easy to move across a car park, and four handles let two people lift it into a vehicle. Padlock holes at two of the latches accept standard padlocks for travel.',
      ],
      ['In the box', 'UniCase with cut foam for the E900; 2 keys for the telescopic handle lock.'],
      ['Compatibility', 'UniDrone E900 (folded, with landing gear fitted), 4 × UniCell 6S 22000 mAh, UniLink MK15 or MK32, one of UniCam Z10, T2 or M24.'],
      ['Who it is for', 'E900 operators who travel to jobs by road and need to protect their aircraft.'],
      ['In short', 'Waterproof wheeled hard case with cut foam for the E900, batteries and controller.'],
    ],
    features: [
      ['IP67 sealed', 'Waterproof and dustproof with an O-ring seal.'],
      ['Pressure valve', 'Equalises pressure so the lid opens after a drive over the range.'],
      ['Custom foam', 'Cut for the folded E900, four batteries, controller and payload.'],
      ['Wheels and handle', 'Telescopic handle and sealed-bearing wheels.'],
    ],
    specifications: [
      ['Shell material', 'Moulded polypropylene'],
      ['Seal', 'O-ring, IP67'],
      ['Latches', '4 double-throw, 2 with padlock holes'],
      ['Wheels', '2, sealed bearings'],
      ['Operating temperature', '−30 °C to 70 °C'],
    ],
    dimensions: [
      ['Outside', '1050 × 780 × 640 mm'],
      ['Inside', '990 × 720 × 600 mm'],
      ['Weight (empty, with foam)', '24 kg'],
    ],
  }),
]
