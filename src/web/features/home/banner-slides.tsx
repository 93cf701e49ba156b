import type { CarouselSlide } from "./carousel.tsx";
import { CoastRoadArt, DhakaDuskArt, MonsoonNightArt, TeaGardenArt } from "./slide-art.tsx";

export const BANNER_SLIDES: readonly CarouselSlide[] = [
  {
    id: "dhaka-dusk",
    headline: "Your next bike is already on the road",
    subline: "Used motorbikes from sellers across Bangladesh, from Dhaka commuters to weekend cruisers.",
    art: <DhakaDuskArt />,
  },
  {
    id: "tea-garden",
    headline: "Ride further for less",
    subline: "Touring and adventure bikes for the hills of Sylhet, at second-hand prices.",
    art: <TeaGardenArt />,
  },
  {
    id: "monsoon-night",
    headline: "Sell your bike the safe way",
    subline: "List it in minutes, meet a buyer who has booked it, and get paid by card.",
    art: <MonsoonNightArt />,
  },
  {
    id: "coast-road",
    headline: "Book it, meet, ride away",
    subline: "Look for the verified tick, book with your phone and a meeting place, and the bike is yours.",
    art: <CoastRoadArt />,
  },
];
