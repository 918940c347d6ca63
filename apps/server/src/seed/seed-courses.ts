import type { CourseInput } from '@shop/shared';

type Lesson = [title: string, duration: string, content: string];

function curriculum(lessons: Lesson[]): CourseInput['curriculum'] {
  return lessons.map(([title, duration, content]) => ({ title, duration, content }));
}

/**
 * The demo catalogue: twelve original trading courses. Fixed ids keep links stable across re-seeds. No
 * preview links and no student counts (issue 32): the preview is a free lesson of our own video, and the
 * count comes from enrolments.
 */
const demo: Omit<CourseInput, 'videoLink'>[] = [
  {
    _id: '64a1f0c2b7e4d1a2c3e50001',
    title: 'Price Action Foundations: Reading Naked Charts',
    thumb: '/images/courses/price-action-foundations.svg',
    tag: 'Price Action',
    rating: 4.8,
    instructor: 'Rohan Mehta',
    price: 4999,
    level: 'Beginner',
    courseDescription:
      'Learn to read a price chart without indicators. This course starts from a single candle and builds up to trends, ranges, support and resistance, so that every trade you take has a reason you can write down before you enter.',
    description:
      'Includes 6 hours of video, printable checklists for the pre-market routine, and a trade journal template. Examples use NIFTY 50, BANKNIFTY and large-cap NSE stocks on daily and 15-minute charts.',
    whatYoullLearn: [
      'Read what each candle says about buyers and sellers',
      'Mark support and resistance zones that actually hold',
      'Tell a trending market from a range in under a minute',
      'Write a trade plan with entry, stop and target before you click',
    ],
    curriculum: curriculum([
      ['Why price comes first', '18 min', 'How indicators lag and what price alone can tell you.'],
      ['Anatomy of a candle', '25 min', 'Bodies, wicks and closes: the footprints of order flow.'],
      ['Swing highs and swing lows', '32 min', 'Defining structure objectively so two traders mark the same chart.'],
      ['Support and resistance zones', '41 min', 'Drawing zones, not lines, and grading their strength.'],
      ['Your first trade plan', '28 min', 'Putting it together with a written checklist.'],
    ]),
    createdAt: '2024-06-03T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50002',
    title: 'The 15-Minute Trend-Following System',
    thumb: '/images/courses/trend-following-system.svg',
    tag: 'Trend Following',
    rating: 4.7,
    instructor: 'Ananya Iyer',
    price: 6999,
    level: 'Intermediate',
    courseDescription:
      'A complete, mechanical trend-following method designed for people with a day job. You scan once, place orders in fifteen minutes, and let the rules manage the trade.',
    description:
      'Comes with the scanning checklist, a position-size calculator spreadsheet, and twelve recorded live sessions where the system is applied to real NSE charts, losers included.',
    whatYoullLearn: [
      'Run a fifteen-minute end-of-day scan',
      'Enter on pullbacks in an established trend',
      'Trail stops mechanically without second-guessing',
      'Measure the system with a simple expectancy sheet',
    ],
    curriculum: curriculum([
      ['The case for trend following', '20 min', 'Why a few large winners pay for many small losses.'],
      ['Defining the trend objectively', '35 min', 'Higher highs, higher lows and a moving-average filter.'],
      ['Pullback entries', '38 min', 'Three entry triggers and when each applies.'],
      ['Trailing the stop', '30 min', 'Structure-based trailing versus fixed-percentage trailing.'],
      ['Reviewing your trades', '22 min', 'A weekly review routine that takes ten minutes.'],
    ]),
    createdAt: '2024-07-15T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50003',
    title: 'Futures Trading Essentials for Indian Markets',
    thumb: '/images/courses/futures-essentials.svg',
    tag: 'Futures',
    rating: 4.6,
    instructor: 'Vikram Desai',
    price: 5499,
    level: 'Intermediate',
    courseDescription:
      'Understand index and stock futures on the NSE from contract specifications to margin, rollover and expiry, then trade them with the same price-action rules you use on cash charts.',
    description:
      'Covers lot sizes, SPAN and exposure margin, mark-to-market settlement, basis and rollover costs. Worked examples use NIFTY and BANKNIFTY futures.',
    whatYoullLearn: [
      'Read a futures contract specification',
      'Calculate margin and mark-to-market for a position',
      'Roll a position before expiry at a sensible cost',
      'Size futures trades so one loss never hurts the account',
    ],
    curriculum: curriculum([
      ['What a futures contract is', '22 min', 'Obligation, lot size, expiry and settlement.'],
      ['Margin and leverage', '34 min', 'SPAN, exposure margin and why leverage cuts both ways.'],
      ['Basis, premium and rollover', '27 min', 'Pricing futures against spot and rolling efficiently.'],
      ['Trading futures with price action', '45 min', 'Applying structure and zones to futures charts.'],
    ]),
    createdAt: '2024-08-02T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50004',
    title: 'Options Buying Without the Guesswork',
    thumb: '/images/courses/options-buying.svg',
    tag: 'Options',
    rating: 4.5,
    instructor: 'Priya Nair',
    price: 3999,
    level: 'Beginner',
    courseDescription:
      'Calls and puts explained from scratch, with a clear view of why most option buyers lose and the few conditions under which buying options makes sense.',
    description:
      'Includes an option-chain reading guide, a premium-decay cheat sheet, and practice exercises on weekly NIFTY options.',
    whatYoullLearn: [
      'Explain calls, puts, strike and expiry in plain words',
      'Read an option chain and open interest',
      'Choose a strike and expiry that fit your view',
      'Know when time decay makes a trade not worth taking',
    ],
    curriculum: curriculum([
      ['Calls and puts', '24 min', 'Rights, obligations and payoff diagrams.'],
      ['Reading the option chain', '31 min', 'Premiums, open interest and volume at a glance.'],
      ['Choosing strike and expiry', '29 min', 'In, at and out of the money, and what each costs.'],
      ['Time decay in practice', '26 min', 'Why premiums melt and how to stay on the right side.'],
    ]),
    createdAt: '2024-08-20T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50005',
    title: 'Option Greeks and Strategy Building',
    thumb: '/images/courses/option-greeks.svg',
    tag: 'Options',
    rating: 4.7,
    instructor: 'Priya Nair',
    price: 7999,
    level: 'Advanced',
    courseDescription:
      'Delta, gamma, theta and vega, and how to combine options into spreads and hedged positions whose risk you know before you enter.',
    description:
      'Builds verticals, calendars, iron condors and protective hedges step by step, with adjustment rules and a strategy selection matrix for different volatility regimes.',
    whatYoullLearn: [
      'Use the Greeks to predict how a position will behave',
      'Build debit and credit spreads with defined risk',
      'Pick strategies by implied volatility and trend',
      'Adjust or exit a position by rule, not by hope',
    ],
    curriculum: curriculum([
      ['Delta and gamma', '36 min', 'Direction and how quickly it changes.'],
      ['Theta and vega', '33 min', 'Time and volatility as the hidden costs.'],
      ['Vertical spreads', '40 min', 'Defined-risk directional trades.'],
      ['Iron condors and calendars', '44 min', 'Range-bound and volatility strategies.'],
      ['Adjustments and exits', '31 min', 'Rules for defending or closing a position.'],
    ]),
    createdAt: '2024-09-10T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50006',
    title: 'Risk Management and Position Sizing',
    thumb: '/images/courses/risk-management.svg',
    tag: 'Risk Management',
    rating: 4.9,
    instructor: 'Rohan Mehta',
    price: 2999,
    level: 'Beginner',
    courseDescription:
      'The part of trading that keeps you in the game. Learn to size every position from your stop, cap daily losses, and survive the losing streaks that every method has.',
    description:
      'Includes a position-size calculator, a drawdown simulator spreadsheet, and a printable risk rulebook you can keep next to your screen.',
    whatYoullLearn: [
      'Size any position from account risk and stop distance',
      'Set daily and weekly loss limits that you will respect',
      'Understand expectancy, win rate and risk-reward together',
      'Plan for drawdowns before they happen',
    ],
    curriculum: curriculum([
      ['Why most accounts blow up', '19 min', 'Leverage, revenge trading and the maths of losses.'],
      ['The one-percent rule', '27 min', 'Position size from risk per trade and stop distance.'],
      ['Expectancy', '30 min', 'Win rate and payoff ratio in one number.'],
      ['Loss limits and streaks', '25 min', 'Circuit breakers for your own trading.'],
    ]),
    createdAt: '2024-10-01T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50007',
    title: 'Chart Patterns That Still Work',
    thumb: '/images/courses/chart-patterns.svg',
    tag: 'Chart Patterns',
    rating: 4.4,
    instructor: 'Kabir Shah',
    price: 3499,
    level: 'Intermediate',
    courseDescription:
      'Flags, triangles, double tops and head-and-shoulders, tested on a decade of Indian market data, with the filters that separate a tradeable pattern from noise.',
    description:
      'Each pattern comes with measured-move targets, invalidation levels and failure statistics from our own back-test on NSE stocks.',
    whatYoullLearn: [
      'Recognise continuation and reversal patterns early',
      'Filter patterns by trend, volume and location',
      'Set targets with measured moves',
      'Trade pattern failures, which are often better than the pattern',
    ],
    curriculum: curriculum([
      ['Continuation patterns', '34 min', 'Flags, pennants and triangles.'],
      ['Reversal patterns', '37 min', 'Double tops and bottoms, head-and-shoulders.'],
      ['Filters that matter', '28 min', 'Trend, volume and location.'],
      ['Trading the failure', '24 min', 'When a pattern breaks the other way.'],
    ]),
    createdAt: '2024-10-18T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50008',
    title: 'Intraday Trading with Market Structure',
    thumb: '/images/courses/intraday-structure.svg',
    tag: 'Intraday',
    rating: 4.5,
    instructor: 'Ananya Iyer',
    price: 5999,
    level: 'Advanced',
    courseDescription:
      'Read the opening range, previous-day levels and intraday structure to take a small number of high-quality trades between 9:15 and 11:30.',
    description:
      'Includes a morning preparation template, an intraday level sheet, and recordings of live market sessions with commentary.',
    whatYoullLearn: [
      'Prepare key levels before the open',
      'Trade opening-range breakouts and failures',
      'Avoid the mid-day chop',
      'Stop trading for the day by rule',
    ],
    curriculum: curriculum([
      ['Pre-market preparation', '26 min', 'Levels, gaps and the day’s bias.'],
      ['The opening range', '33 min', 'Breakouts, fakeouts and how to tell them apart.'],
      ['Intraday structure', '39 min', 'Trends and ranges on 5- and 15-minute charts.'],
      ['When not to trade', '18 min', 'Chop filters and daily stop rules.'],
    ]),
    createdAt: '2024-11-05T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50009',
    title: 'Swing Trading Stocks Part-Time',
    thumb: '/images/courses/swing-trading.svg',
    tag: 'Swing Trading',
    rating: 4.6,
    instructor: 'Kabir Shah',
    price: 4499,
    level: 'Beginner',
    courseDescription:
      'Hold trades for days to weeks, check the market once a day, and keep your job. A practical swing-trading routine for NSE stocks.',
    description:
      'Includes a weekly watchlist routine, scan settings for free charting tools, and a journal template built for swing trades.',
    whatYoullLearn: [
      'Build a weekly watchlist in thirty minutes',
      'Time entries with daily-chart setups',
      'Manage open trades with end-of-day checks',
      'Handle gaps and news without panic',
    ],
    curriculum: curriculum([
      ['The swing trader’s week', '21 min', 'A routine that fits around work.'],
      ['Finding candidates', '29 min', 'Relative strength and clean structure.'],
      ['Entries and stops', '32 min', 'Daily-chart setups with clear invalidation.'],
      ['Managing open trades', '27 min', 'Scaling out, trailing and gap risk.'],
    ]),
    createdAt: '2024-11-22T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50010',
    title: 'Trading Psychology and Discipline',
    thumb: '/images/courses/trading-psychology.svg',
    tag: 'Psychology',
    rating: 4.8,
    instructor: 'Meera Joshi',
    price: 1999,
    level: 'Beginner',
    courseDescription:
      'Fear, greed, revenge trading and boredom: learn to spot them in your own journal and replace them with routines that make discipline the easy option.',
    description: 'Includes guided journaling prompts, a pre-trade checklist and a thirty-day discipline challenge.',
    whatYoullLearn: [
      'Recognise the emotional patterns in your own trades',
      'Use checklists to take decisions out of the moment',
      'Recover from a losing streak without forcing trades',
      'Build a review habit that compounds',
    ],
    curriculum: curriculum([
      ['Your brain on trading', '23 min', 'Why the market triggers the worst instincts.'],
      ['Journaling that works', '28 min', 'What to record and how to review it.'],
      ['Checklists and routines', '24 min', 'Making good behaviour automatic.'],
      ['The thirty-day challenge', '15 min', 'A structured month of deliberate practice.'],
    ]),
    createdAt: '2025-01-08T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50011',
    title: 'Basic Maths for Traders',
    thumb: '/images/courses/basic-maths.svg',
    tag: 'Basic Maths',
    rating: 4.3,
    instructor: 'Vikram Desai',
    price: 999,
    level: 'Beginner',
    courseDescription:
      'Percentages, compounding, risk-reward and probability: the handful of sums every trader needs, taught with market examples and no jargon.',
    description:
      'Short lessons with practice questions and worked answers; no calculator beyond the one on your phone.',
    whatYoullLearn: [
      'Work out percentage moves and returns quickly',
      'Understand compounding and drawdown recovery',
      'Calculate risk-reward and break-even win rates',
      'Think in probabilities instead of certainties',
    ],
    curriculum: curriculum([
      ['Percentages and returns', '17 min', 'Moves, gains and the asymmetry of losses.'],
      ['Compounding', '19 min', 'How small edges grow, and how drawdowns hurt.'],
      ['Risk-reward and break-even', '21 min', 'The win rate a setup needs.'],
      ['Probability for traders', '24 min', 'Streaks, samples and expectations.'],
    ]),
    createdAt: '2025-02-14T09:00:00.000Z',
  },
  {
    _id: '64a1f0c2b7e4d1a2c3e50012',
    title: 'F&O Trading Software Masterclass for Windows',
    thumb: '/images/courses/fno-software.svg',
    tag: 'Software',
    rating: 4.6,
    instructor: 'Meera Joshi',
    price: 8999,
    level: 'Advanced',
    courseDescription:
      'Install, configure and use our futures and options trading software on Windows: real-time data feeds, custom alerts and automated strategies, from first launch to a tested setup.',
    description:
      'Step-by-step tutorials for beginners and experienced traders, with configuration files you can import and a troubleshooting guide for common Windows issues.',
    whatYoullLearn: [
      'Install and connect the software to a real-time data feed',
      'Create custom alerts on price and open interest',
      'Build and back-test an automated strategy',
      'Keep the setup stable and secure on Windows',
    ],
    curriculum: curriculum([
      ['Installation and data feeds', '26 min', 'System requirements and connecting a feed.'],
      ['Workspaces and charts', '31 min', 'Layouts for futures and options.'],
      ['Custom alerts', '28 min', 'Price, volume and open-interest alerts.'],
      ['Automated strategies', '47 min', 'Building, testing and running a strategy.'],
      ['Troubleshooting', '20 min', 'Common problems and their fixes.'],
    ]),
    createdAt: '2025-03-20T09:00:00.000Z',
  },
];

export const demoCourses: CourseInput[] = demo.map((course) => ({ ...course, videoLink: '' }));
