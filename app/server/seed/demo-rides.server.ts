import type { z } from "zod";
import {
  DEFAULT_CANCELLATION_POLICY,
  DEFAULT_CARRY_MANDATORY,
  DEFAULT_CARRY_SUGGESTED,
  DEFAULT_PAYMENT_TERMS,
} from "~/domain/defaults";
import type { rideInputSchema } from "~/domain/ride";
import { completedDates, upcomingDates, type DemoDates } from "./demo-dates.server";
import { DEMO_IMAGES } from "./demo-images.server";

type RideForm = z.input<typeof rideInputSchema>;
/** One itinerary day: title, what happens, distance, activities. */
type Day = [title: string, description: string, distance: string, activities: string[]];

const COMMUNITY_INSTAGRAM = "https://www.instagram.com/roadbookriders";
const COMMUNITY_YOUTUBE = "https://www.youtube.com/@roadbookriders";

const HOW_TO_JOIN = [
  "Pay the booking amount to reserve your spot.",
  "Join the ride's WhatsApp group for the route briefing and packing checklist.",
  "Attend the online pre-ride call a week before departure.",
  "Reach the flag-off point by 6:30 AM on day 1 with your documents.",
].join("\n");

function itinerary(days: Day[]): RideForm["itinerary"] {
  return days.map(([title, description, distance, activities], index) => ({
    day: index + 1,
    title,
    description,
    distance,
    activities,
  }));
}

/** What every demo ride shares: the default lists and policies (product.md#display-defaults), the joining steps. */
function ride(
  dates: DemoDates,
  fields: Omit<RideForm, "startDate" | "endDate" | "itinerary"> & { days: Day[] },
): RideForm {
  const { days, ...rest } = fields;
  return {
    startDate: dates.startDate,
    endDate: dates.endDate,
    lastBookingDate: rest.status === "upcoming" ? dates.lastBookingDate : "",
    vehicleType: "Bike/Car",
    maxParticipants: "15-20",
    thingsToCarryMandatory: DEFAULT_CARRY_MANDATORY,
    thingsToCarrySuggested: DEFAULT_CARRY_SUGGESTED,
    cancellationPolicy: DEFAULT_CANCELLATION_POLICY.join("\n"),
    paymentTerms: DEFAULT_PAYMENT_TERMS.join("\n"),
    howToJoin: HOW_TO_JOIN,
    ...rest,
    itinerary: itinerary(days),
  };
}

/** Upcoming rides in the order they run; each keeps its season and starts at least a month out. */
export function demoUpcomingRides(today: Date): RideForm[] {
  return [
    ride(upcomingDates(today, 1, 15, 6), {
      title: "Royal Rajasthan Desert Loop",
      status: "upcoming",
      image: DEMO_IMAGES.rajasthan,
      description:
        "Six days from Jaipur's pink walls to the golden ramparts of Jaisalmer: fort towns, the Thar highway and a night under the stars at the Sam dunes.",
      distance: "855 km",
      tripCost: "₹24,500",
      bookingCost: "₹5,000",
      difficulty: "Easy",
      bestSeason: "November to February",
      highlights: [
        "Amer Fort at sunset",
        "Mehrangarh Fort, Jodhpur",
        "Sonar Qila, the living fort of Jaisalmer",
        "Desert camp at the Sam dunes",
        "Longewala war memorial",
      ],
      included: [
        "Heritage hotel and desert camp stays (twin sharing)",
        "Breakfast and dinner",
        "Ride captain, sweep rider and backup vehicle",
        "Camel safari and folk evening at Sam",
      ],
      excluded: ["Fuel and motorcycle rental", "Lunch and snacks", "Monument entry tickets", "Personal expenses"],
      days: [
        [
          "Arrival in Jaipur",
          "Meet the crew, ride briefing and an evening ride up to Amer Fort.",
          "40 km",
          ["Bike check", "Amer Fort", "Welcome dinner"],
        ],
        [
          "Jaipur to Pushkar",
          "Easy highway riding via Ajmer to the lake town of Pushkar.",
          "150 km",
          ["Pushkar ghats", "Brahma temple", "Sunset at Savitri hill"],
        ],
        [
          "Pushkar to Jodhpur",
          "Village roads through Merta to the Blue City.",
          "190 km",
          ["Mehrangarh Fort", "Clock Tower market"],
        ],
        [
          "Jodhpur to Jaisalmer",
          "The Thar highway with a chai stop at Pokhran.",
          "285 km",
          ["Pokhran", "Sonar Qila at sunset"],
        ],
        [
          "Longewala and the Sam dunes",
          "Ride to the Longewala border post, then camp on the dunes.",
          "160 km",
          ["Longewala memorial", "Camel safari", "Folk music night"],
        ],
        [
          "Jaisalmer and departure",
          "A morning in the old city before the flag-off home.",
          "30 km",
          ["Patwon ki Haveli", "Gadisar Lake"],
        ],
      ],
    }),
    ride(upcomingDates(today, 2, 12, 5), {
      title: "Konkan Coastal Trail",
      status: "upcoming",
      image: DEMO_IMAGES.coast,
      description:
        "Mumbai to Goa the slow way: ferries across creeks, sea forts, empty beaches and fresh Malvani food along the Konkan coast.",
      distance: "740 km",
      tripCost: "₹19,800",
      bookingCost: "₹5,000",
      difficulty: "Easy",
      bestSeason: "October to March",
      highlights: [
        "Murud-Janjira sea fort",
        "Ferry rides across the Bankot and Dabhol creeks",
        "Snorkelling at Tarkarli",
        "Sindhudurg Fort",
      ],
      included: [
        "Beach-side homestays (twin sharing)",
        "Breakfast and dinner",
        "Ferry tickets",
        "Ride captain and backup vehicle",
      ],
      excluded: ["Fuel and motorcycle rental", "Water sports", "Lunch and snacks", "Personal expenses"],
      days: [
        [
          "Mumbai to Murud",
          "Ferry to Alibaug, then the coastal road to Murud.",
          "160 km",
          ["Ro-ro ferry", "Murud-Janjira fort"],
        ],
        [
          "Murud to Dapoli",
          "Cross the Bankot creek by ferry to Harihareshwar and on to Dapoli.",
          "130 km",
          ["Harihareshwar temple", "Bankot ferry"],
        ],
        [
          "Dapoli to Ganpatipule",
          "Through Guhagar and Velneshwar's quiet beaches.",
          "140 km",
          ["Velneshwar beach", "Ganpatipule temple"],
        ],
        [
          "Ganpatipule to Tarkarli",
          "Past Ratnagiri and Devgad, home of the Alphonso mango.",
          "200 km",
          ["Devgad lighthouse", "Sindhudurg Fort"],
        ],
        [
          "Tarkarli to Goa",
          "Vengurla's cliffs, then over the border to Arambol for the farewell.",
          "110 km",
          ["Snorkelling", "Farewell lunch"],
        ],
      ],
    }),
    ride(upcomingDates(today, 3, 6, 6), {
      title: "Meghalaya: Clouds and Living Root Bridges",
      status: "upcoming",
      image: DEMO_IMAGES.meghalaya,
      description:
        "Rolling Khasi hills, waterfalls that drop into gorges, crystal-clear rivers and the double-decker root bridge of Nongriat.",
      distance: "445 km",
      tripCost: "₹27,900",
      bookingCost: "₹7,500",
      difficulty: "Moderate",
      bestSeason: "October to April",
      highlights: [
        "Double-decker living root bridge",
        "Nohkalikai Falls",
        "Boating on the Umngot at Dawki",
        "Mawlynnong village",
        "Laitlum Canyons",
      ],
      included: [
        "Guesthouse stays (twin sharing)",
        "Breakfast and dinner",
        "Local guide for the Nongriat trek",
        "Ride captain and backup vehicle",
      ],
      excluded: ["Flights to Guwahati", "Motorcycle rental", "Boating fees", "Personal expenses"],
      days: [
        ["Guwahati to Shillong", "Climb into the hills past Umiam Lake.", "100 km", ["Umiam Lake", "Police Bazaar"]],
        [
          "Shillong to Cherrapunji",
          "Waterfalls all the way to Sohra.",
          "55 km",
          ["Elephant Falls", "Nohkalikai Falls", "Mawsmai caves"],
        ],
        [
          "Nongriat root bridges",
          "A short ride to Tyrna, then 3,500 steps down to the double-decker bridge.",
          "10 km",
          ["Root bridge trek", "Rainbow Falls"],
        ],
        [
          "Cherrapunji to Mawlynnong",
          "Along the Bangladesh border to Dawki's clear river.",
          "95 km",
          ["Umngot boating", "Shnongpdeng"],
        ],
        [
          "Mawlynnong to Shillong",
          "Asia's cleanest village, then the Laitlum Canyons at sunset.",
          "85 km",
          ["Village walk", "Laitlum Canyons"],
        ],
        ["Shillong to Guwahati", "Downhill to Guwahati for the flights home.", "100 km", ["Farewell breakfast"]],
      ],
    }),
    ride(upcomingDates(today, 6, 13, 11), {
      title: "Leh–Ladakh Expedition",
      status: "upcoming",
      image: DEMO_IMAGES.ladakh,
      description:
        "The classic Himalayan ride: Manali to Srinagar through Leh, over Baralacha La, Tanglang La and Khardung La, with nights at Nubra and Pangong.",
      distance: "1,460 km",
      tripCost: "₹52,000",
      bookingCost: "₹15,000",
      difficulty: "Challenging",
      maxParticipants: "12-15",
      // Riders register on this site (decision 019): fifteen seats, own bike, pillion or a rented
      // Himalayan, a waitlist once they are taken, and a licence asked for.
      registration: {
        mode: "site",
        seats: 15,
        options: {
          solo: { offered: true, price: "₹44,000" },
          pillion: { offered: true, price: "₹79,000" },
          rental: { offered: true, price: "₹52,000" },
        },
        waitlist: true,
        askLicence: true,
        // The tiers Indian tour operators publish (docs/features/cancellation.md): the later
        // the cancel, the more is kept; under a week before the start, everything.
        cancellation: {
          tiers: [
            { daysBefore: 61, keepPercent: 0 },
            { daysBefore: 30, keepPercent: 10 },
            { daysBefore: 15, keepPercent: 25 },
            { daysBefore: 7, keepPercent: 35 },
          ],
          feePaise: 0,
          bookingAmountKept: false,
        },
      },
      cancellationPolicy: [
        "Cancel from your booking page: it shows what comes back before you confirm.",
        "What comes back goes to the way you paid (online refunds take 5–7 working days), or stays as credit for a future ride, as you choose.",
        "If we cancel the ride, everything you paid comes back.",
      ].join("\n"),
      bestSeason: "June to September",
      highlights: [
        "Khardung La",
        "Pangong Tso",
        "Hunder sand dunes in Nubra",
        "Gata Loops and the More Plains",
        "Kargil war memorial at Drass",
      ],
      included: [
        "Hotel and camp stays (twin sharing)",
        "Breakfast and dinner",
        "Royal Enfield Himalayan with fuel (rental bike option)",
        "Mechanic, backup vehicle and oxygen support",
        "Inner Line Permits",
      ],
      excluded: ["Travel to Manali and from Srinagar", "Lunch and snacks", "Bike damage charges", "Personal expenses"],
      days: [
        [
          "Arrival in Manali",
          "Bike allotment, test ride to Solang and acclimatisation.",
          "20 km",
          ["Bike allotment", "Solang valley"],
        ],
        [
          "Manali to Jispa",
          "Through the Atal Tunnel into Lahaul.",
          "140 km",
          ["Atal Tunnel", "Sissu waterfall", "Keylong"],
        ],
        [
          "Jispa to Sarchu",
          "Over Baralacha La (4,890 m) to the plains of Sarchu.",
          "85 km",
          ["Deepak Tal", "Baralacha La"],
        ],
        ["Sarchu to Leh", "Gata Loops, the More Plains and Tanglang La.", "250 km", ["Gata Loops", "Tanglang La"]],
        [
          "Rest day in Leh",
          "Acclimatise and explore the town.",
          "30 km",
          ["Shanti Stupa", "Leh Palace", "Hall of Fame"],
        ],
        [
          "Leh to Nubra",
          "Over Khardung La to the Nubra valley.",
          "160 km",
          ["Khardung La", "Diskit monastery", "Hunder dunes"],
        ],
        ["Nubra to Pangong", "The Shyok river road to the blue lake.", "180 km", ["Shyok valley", "Pangong sunset"]],
        ["Pangong to Leh", "Back over Chang La.", "160 km", ["Chang La", "Thiksey monastery"]],
        ["Leh to Kargil", "Magnetic Hill, Lamayuru's moonland and Fotu La.", "220 km", ["Magnetic Hill", "Lamayuru"]],
        ["Kargil to Srinagar", "Drass, Zoji La and down to Sonamarg.", "205 km", ["Drass war memorial", "Zoji La"]],
        ["Srinagar and departure", "A morning shikara ride on Dal Lake.", "10 km", ["Shikara ride", "Farewell"]],
      ],
    }),
    ride(upcomingDates(today, 7, 24, 3), {
      title: "Monsoon Ghats Weekender",
      status: "upcoming",
      image: DEMO_IMAGES.ghats,
      description:
        "Three days of mist, waterfalls and hairpin ghats in the Sahyadris, starting and ending in Pune. A perfect first group ride.",
      distance: "410 km",
      tripCost: "₹8,900",
      bookingCost: "₹2,500",
      difficulty: "Easy",
      bestSeason: "July to September",
      highlights: ["Tamhini Ghat waterfalls", "Varandha Ghat", "Mahabaleshwar viewpoints", "Riding through the clouds"],
      included: ["Resort stays (triple sharing)", "Breakfast and dinner", "Ride captain and sweep rider"],
      excluded: ["Fuel", "Lunch and snacks", "Rain gear"],
      days: [
        [
          "Pune to Kolad",
          "Tamhini Ghat in full monsoon flow, then down to the Kundalika river.",
          "120 km",
          ["Tamhini waterfalls", "Devkund trek"],
        ],
        [
          "Kolad to Mahabaleshwar",
          "Climb the Varandha Ghat into the clouds.",
          "165 km",
          ["Varandha Ghat", "Arthur's Seat"],
        ],
        [
          "Mahabaleshwar to Pune",
          "Pasarni Ghat and Wai's temples on the way home.",
          "125 km",
          ["Pasarni Ghat", "Menavali ghat"],
        ],
      ],
    }),
    ride(upcomingDates(today, 9, 11, 8), {
      title: "Spiti Valley Circuit",
      status: "upcoming",
      image: DEMO_IMAGES.spiti,
      description:
        "The full Kinnaur–Spiti loop: cliff roads above the Sutlej, thousand-year-old monasteries, the world's highest post office and Chandratal under the stars.",
      distance: "795 km",
      tripCost: "₹38,500",
      bookingCost: "₹10,000",
      difficulty: "Challenging",
      maxParticipants: "12-15",
      bestSeason: "Mid-June to September",
      highlights: [
        "Key monastery",
        "Hikkim, the world's highest post office",
        "Chandratal Lake",
        "Kunzum La",
        "Tabo's thousand-year-old murals",
      ],
      included: [
        "Homestays and camps (twin sharing)",
        "Breakfast and dinner",
        "Mechanic and backup vehicle",
        "Permits for Kinnaur",
      ],
      excluded: ["Motorcycle rental", "Lunch and snacks", "Personal expenses"],
      days: [
        [
          "Shimla to Sarahan",
          "Past Narkanda's apple orchards to the Bhimakali temple.",
          "170 km",
          ["Narkanda", "Bhimakali temple"],
        ],
        [
          "Sarahan to Kalpa",
          "Kinnaur Kailash views and the Roghi cliff road.",
          "100 km",
          ["Roghi cliffs", "Kalpa sunset"],
        ],
        ["Kalpa to Nako", "The Khab confluence of the Sutlej and Spiti.", "105 km", ["Khab confluence", "Nako lake"]],
        [
          "Nako to Kaza",
          "Tabo's monastery and the cliff-top village of Dhankar.",
          "115 km",
          ["Tabo monastery", "Dhankar"],
        ],
        [
          "Around Kaza",
          "The high villages of Spiti.",
          "70 km",
          ["Key monastery", "Kibber", "Chicham bridge", "Langza", "Hikkim post office"],
        ],
        ["Kaza to Chandratal", "Over Kunzum La to the moon lake.", "90 km", ["Kunzum La", "Chandratal camp"]],
        [
          "Chandratal to Manali",
          "Batal, Chhatru and through the Atal Tunnel.",
          "125 km",
          ["Batal dhaba", "Atal Tunnel"],
        ],
        ["Manali and departure", "A slow morning in Old Manali.", "20 km", ["Hadimba temple", "Farewell lunch"]],
      ],
    }),
  ];
}

/** Completed rides, most recent first (that is also their display order). */
export function demoCompletedRides(today: Date): RideForm[] {
  return [
    ride(completedDates(today, 10, 9, 3), {
      title: "Nilgiris Hairpin Challenge",
      status: "completed",
      image: DEMO_IMAGES.mountains,
      description: "Bandipur's forest road, Masinagudi and the 36 hairpins of Kalhatti up to Ooty and Avalanche Lake.",
      distance: "610 km",
      participants: 16,
      tripCost: "₹11,500",
      bookingCost: "₹3,000",
      difficulty: "Moderate",
      bestSeason: "September to March",
      instagramUrl: COMMUNITY_INSTAGRAM,
      highlights: ["36 hairpins of Kalhatti", "Bandipur and Mudumalai forests", "Avalanche Lake"],
      included: ["Resort stays", "Breakfast and dinner", "Forest entry permits"],
      excluded: ["Fuel", "Lunch", "Personal expenses"],
      days: [
        [
          "Bengaluru to Masinagudi",
          "Through Bandipur and Mudumalai at an easy pace.",
          "240 km",
          ["Bandipur forest", "Masinagudi"],
        ],
        [
          "Kalhatti hairpins to Ooty",
          "The 36 hairpins, then Avalanche Lake.",
          "90 km",
          ["Kalhatti ghat", "Avalanche Lake"],
        ],
        ["Ooty to Bengaluru", "Down via Gundlupet's sunflower fields.", "280 km", ["Gundlupet", "Farewell"]],
      ],
    }),
    ride(completedDates(today, 8, 7, 4), {
      title: "Coorg and Kabini Forest Trail",
      status: "completed",
      image: DEMO_IMAGES.forest,
      description:
        "Monsoon green from Kabini's backwaters to Coorg's coffee estates, with a jungle safari and the Dubare elephant camp.",
      distance: "640 km",
      participants: 22,
      tripCost: "₹16,900",
      bookingCost: "₹4,000",
      difficulty: "Easy",
      bestSeason: "July to February",
      instagramUrl: COMMUNITY_INSTAGRAM,
      youtubeUrl: COMMUNITY_YOUTUBE,
      highlights: ["Kabini jungle safari", "Coffee estate stay", "Dubare elephant camp", "Namdroling Golden Temple"],
      included: ["Jungle lodge and estate stays", "All meals at the jungle lodge", "Safari permits"],
      excluded: ["Fuel", "Personal expenses"],
      days: [
        [
          "Bengaluru to Kabini",
          "Out of the city early to reach the jungle lodge for the evening safari.",
          "210 km",
          ["Jungle safari"],
        ],
        ["Kabini to Coorg", "Through Nagarhole's forest to a coffee estate.", "120 km", ["Nagarhole", "Estate walk"]],
        [
          "Around Coorg",
          "Waterfalls, elephants and the Golden Temple at Bylakuppe.",
          "60 km",
          ["Abbey Falls", "Dubare", "Namdroling"],
        ],
        ["Coorg to Bengaluru", "Home via Srirangapatna.", "250 km", ["Srirangapatna", "Farewell lunch"]],
      ],
    }),
    ride(completedDates(today, 4, 20, 6), {
      title: "North Sikkim: Gurudongmar Lake",
      status: "completed",
      image: DEMO_IMAGES.lake,
      description:
        "From the Teesta valley to Gurudongmar Lake at 5,430 m, with rhododendrons in bloom in the Yumthang valley.",
      distance: "770 km",
      participants: 14,
      tripCost: "₹34,000",
      bookingCost: "₹8,000",
      difficulty: "Challenging",
      maxParticipants: "12-15",
      bestSeason: "April to June, October to November",
      instagramUrl: COMMUNITY_INSTAGRAM,
      youtubeUrl: COMMUNITY_YOUTUBE,
      highlights: ["Gurudongmar Lake at 5,430 m", "Yumthang valley of flowers", "Tsomgo Lake", "Teesta river roads"],
      included: ["Hotel and homestay stays", "Breakfast and dinner", "North Sikkim permits", "Backup vehicle"],
      excluded: ["Motorcycle rental", "Lunch", "Personal expenses"],
      days: [
        ["Siliguri to Gangtok", "Along the Teesta river into Sikkim.", "115 km", ["Teesta valley", "MG Marg"]],
        ["Tsomgo Lake and Baba Mandir", "A high day trip towards Nathu La.", "80 km", ["Tsomgo Lake", "Baba Mandir"]],
        [
          "Gangtok to Lachen",
          "North Sikkim's waterfalls and the Chungthang confluence.",
          "120 km",
          ["Seven Sisters falls", "Chungthang"],
        ],
        [
          "Gurudongmar Lake",
          "An early start to the sacred lake, then across to Lachung.",
          "190 km",
          ["Gurudongmar Lake", "Thangu"],
        ],
        [
          "Yumthang to Gangtok",
          "Rhododendrons in Yumthang, then back to Gangtok.",
          "150 km",
          ["Yumthang valley", "Hot springs"],
        ],
        ["Gangtok to Siliguri", "Downhill home.", "115 km", ["Farewell"]],
      ],
    }),
    ride(completedDates(today, 12, 18, 5), {
      title: "Rann of Kutch Full-Moon Ride",
      status: "completed",
      image: DEMO_IMAGES.desert,
      description:
        "White salt desert under a full moon, the wild asses of the Little Rann, Kala Dungar's view of the border and Mandvi's beach.",
      distance: "985 km",
      participants: 18,
      tripCost: "₹21,500",
      bookingCost: "₹5,000",
      difficulty: "Moderate",
      bestSeason: "November to February",
      instagramUrl: COMMUNITY_INSTAGRAM,
      youtubeUrl: COMMUNITY_YOUTUBE,
      highlights: ["Full moon on the White Rann", "Wild ass sanctuary at Dasada", "Kala Dungar", "India Bridge"],
      included: ["Tent city and hotel stays", "Breakfast and dinner", "White Rann permits"],
      excluded: ["Fuel", "Lunch", "Personal expenses"],
      days: [
        ["Ahmedabad to Dasada", "Into the Little Rann for the wild ass safari.", "100 km", ["Wild ass safari"]],
        ["Dasada to Bhuj", "Long, straight salt-pan roads.", "250 km", ["Bhujodi weavers"]],
        ["Bhuj to Dhordo", "The White Rann at full moon.", "85 km", ["White Rann", "Full-moon walk"]],
        [
          "Kala Dungar and India Bridge",
          "The highest point of Kutch and the road to the border.",
          "150 km",
          ["Kala Dungar", "India Bridge"],
        ],
        [
          "Bhuj to Ahmedabad via Mandvi",
          "Mandvi's shipyards and beach, then home.",
          "400 km",
          ["Mandvi beach", "Farewell"],
        ],
      ],
    }),
  ];
}

/** One cancelled ride, so the admin's third section is not empty. */
export function demoCancelledRides(today: Date): RideForm[] {
  return [
    ride(upcomingDates(today, 8, 20, 7), {
      title: "Zanskar Valley Expedition",
      status: "cancelled",
      image: DEMO_IMAGES.mountains,
      description:
        "Kargil to Padum over Pensi La. Cancelled: the road stayed closed after landslides; riders were offered the Spiti Valley Circuit instead.",
      distance: "720 km",
      tripCost: "₹45,000",
      bookingCost: "₹12,000",
      difficulty: "Difficult",
      maxParticipants: "10-12",
      bestSeason: "July to September",
      highlights: ["Pensi La", "Drang-Drung glacier", "Phugtal monastery"],
      included: ["Camps and homestays", "All meals", "Mechanic and backup vehicle"],
      excluded: ["Motorcycle rental", "Personal expenses"],
      days: [
        ["Leh to Kargil", "Along the Indus to Kargil.", "220 km", ["Lamayuru"]],
        ["Kargil to Rangdum", "The Suru valley under Nun and Kun.", "130 km", ["Suru valley"]],
        [
          "Rangdum to Padum",
          "Over Pensi La past the Drang-Drung glacier.",
          "110 km",
          ["Pensi La", "Drang-Drung glacier"],
        ],
        ["Around Padum", "Karsha and Stongdey monasteries.", "40 km", ["Karsha monastery"]],
        ["Phugtal trek", "The cave monastery of Phugtal.", "20 km", ["Phugtal monastery"]],
        ["Padum to Rangdum", "Back over Pensi La.", "110 km", ["Rangdum monastery"]],
        ["Rangdum to Kargil", "The Suru valley again, then departure.", "130 km", ["Farewell"]],
      ],
    }),
  ];
}
